import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { OrdersModule } from '../order/orders.module';
import { LineItemsController } from './line-items.controller';
import { LineItemsService } from './line-items.service';

@Module({ imports: [OrdersModule, ShipmentsModule], controllers: [LineItemsController], providers: [LineItemsService] })
export class LineItemsModule {}
