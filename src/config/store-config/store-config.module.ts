import { Module } from '@nestjs/common';
import { StoreConfigController } from './store-config.controller';
import { StoreConfigService } from './store-config.service';

/** `GET /api/config` and `GET /api/config/money`. */
@Module({ controllers: [StoreConfigController], providers: [StoreConfigService] })
export class StoreConfigModule {}
