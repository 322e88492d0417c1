import { ApiProperty } from '@nestjs/swagger';
import { VariantSmallJson } from '../../catalog/variants/variant.serializer';
import { StockItem } from './entities/stock-item.entity';

/** stock_items/show.v1.rabl: `stock_item_attributes` plus the small variant. */
export class StockItemJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', example: 10 }) count_on_hand: number;
  @ApiProperty() backorderable: boolean;
  @ApiProperty({ type: 'integer', description: 'bumped by every change (optimistic locking)' }) lock_version: number;
  @ApiProperty({ type: 'integer' }) stock_location_id: number;
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ type: VariantSmallJson, nullable: true, description: 'the catalog’s small variant form' }) variant: VariantSmallJson | null;
}

export type VariantLookup = Map<number, VariantSmallJson>;

export function serializeStockItem(item: StockItem, variants: VariantLookup): StockItemJson {
  return {
    id: item.id,
    count_on_hand: item.countOnHand,
    backorderable: item.backorderable,
    lock_version: item.lockVersion,
    stock_location_id: item.stockLocationId,
    variant_id: item.variantId,
    variant: variants.get(item.variantId) ?? null,
  };
}
