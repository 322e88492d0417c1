import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { LineItemActions } from './line-item.actions';
import { LineItemsController } from './line-items.controller';

/** The line items of an order (`/api/orders/:number/line_items`, `/api/checkouts/:number/line_items`). */
@Module({ imports: [OrderActionRunnerModule, ShipmentsModule], controllers: [LineItemsController], providers: [LineItemActions] })
export class LineItemActionsModule {}

/** The line items' routes' place among the application's modules (AppModule imports it right after OrdersDomainModule). */
@Module({ imports: [LineItemActionsModule] })
export class LineItemActionsDomainModule {}
