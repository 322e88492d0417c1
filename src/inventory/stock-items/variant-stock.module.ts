import { Global, Module } from '@nestjs/common';
import { VARIANT_STOCK } from '../../catalog/variants/variant-stock';
import { VariantStockItems } from './stock-item-propagation';

/** Provides the catalog's VARIANT_STOCK port to every module: catalog sits below inventory and imports none of its modules. */
@Global()
@Module({ providers: [{ provide: VARIANT_STOCK, useClass: VariantStockItems }], exports: [VARIANT_STOCK] })
export class VariantStockModule {}
