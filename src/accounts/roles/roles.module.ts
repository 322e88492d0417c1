import { Module } from '@nestjs/common';
import { RolesController, UserRightsController } from './roles.controller';
import { RolesService } from './roles.service';

/** Staff roles and scoped API keys (docs/accounts.md, "Staff roles and scoped API keys"). */
@Module({ controllers: [RolesController, UserRightsController], providers: [RolesService] })
export class RolesModule {}
