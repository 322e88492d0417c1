import { Module } from '@nestjs/common';
import { AddressAccessService } from './address-access.service';
import { AddressesController } from './addresses.controller';
import { AddressesService } from './addresses.service';

/** Address rules and JSON (shared by users and orders) and /api/addresses/:id. */
@Module({ controllers: [AddressesController], providers: [AddressesService, AddressAccessService], exports: [AddressesService] })
export class AddressesModule {}
