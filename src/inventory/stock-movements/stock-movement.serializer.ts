import { ApiProperty } from '@nestjs/swagger';
import { serializeStockItem, StockItemJson, VariantLookup } from '../stock-items/stock-item.serializer';
import { StockMovement } from './entities/stock-movement.entity';

/** stock_movements/show.v1.rabl: `stock_movement_attributes`, the action, and the stock item. */
export class StockMovementJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', example: 5 }) quantity: number;
  @ApiProperty({ type: 'integer' }) stock_item_id: number;
  @ApiProperty({ type: String, nullable: true, example: 'received' }) action: string | null;
  @ApiProperty({ type: StockItemJson }) stock_item: StockItemJson;
}

/** Expects `stockItem` loaded. */
export function serializeStockMovement(movement: StockMovement, variants: VariantLookup): StockMovementJson {
  return {
    id: movement.id,
    quantity: movement.quantity,
    stock_item_id: movement.stockItemId,
    action: movement.action,
    stock_item: serializeStockItem(movement.stockItem!, variants),
  };
}
