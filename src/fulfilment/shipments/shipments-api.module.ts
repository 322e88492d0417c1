import { Module } from '@nestjs/common';
import { AdminShipmentView } from './admin-shipment-view';

/** The shipments API's JSON of a shipment (and its events); the endpoints are in src/order-actions/shipments. */
@Module({ providers: [AdminShipmentView], exports: [AdminShipmentView] })
export class ShipmentsApiModule {}
