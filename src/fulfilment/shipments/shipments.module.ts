import { Module } from '@nestjs/common';
import { ShipmentsService } from './shipments.service';

/** Shipments of orders: proposed at the delivery step (the admin shipments API builds on this). */
@Module({ providers: [ShipmentsService], exports: [ShipmentsService] })
export class ShipmentsModule {}
