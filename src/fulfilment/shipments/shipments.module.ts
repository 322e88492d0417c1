import { Module } from '@nestjs/common';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { OrderInventory } from './order-inventory';
import { ShipmentsService } from './shipments.service';

/**
 * Shipments of orders: proposed at the delivery step (the admin shipments API builds on this),
 * and OrderInventory, which keeps a placed order's units in step with its line items.
 */
@Module({ imports: [StockItemsModule], providers: [ShipmentsService, OrderInventory], exports: [ShipmentsService, OrderInventory] })
export class ShipmentsModule {}
