import { Module } from '@nestjs/common';
import { OrdersModule } from '../order/orders.module';
import { LineItemsController } from './line-items.controller';
import { LineItemsService } from './line-items.service';

@Module({ imports: [OrdersModule], controllers: [LineItemsController], providers: [LineItemsService] })
export class LineItemsModule {}
