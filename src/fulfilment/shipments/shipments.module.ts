import { Module } from '@nestjs/common';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { ShippingRatesModule } from '../shipping-methods/shipping-rate-providers';
import { OrderInventory } from './order-inventory';
import { ShipmentsService } from './shipments.service';
import { ShippingRateEstimator } from './shipping-rate-estimator';

/**
 * Shipments of orders: proposed at the delivery step (the admin shipments API builds on this) and priced by the
 * shipping rate provider the configuration names (ShippingRateEstimator), and OrderInventory, which keeps a placed
 * order's units in step with its line items.
 */
@Module({
  imports: [StockItemsModule, ShippingRatesModule],
  providers: [ShipmentsService, OrderInventory, ShippingRateEstimator],
  exports: [ShipmentsService, OrderInventory, ShippingRateEstimator],
})
export class ShipmentsModule {}
