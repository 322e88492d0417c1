import { ApiProperty } from '@nestjs/swagger';
import { serializeStockMovement, StockMovementJson } from '../stock-movements/stock-movement.serializer';
import { StockTransferView } from './stock-transfers.service';

export class TransferItemJson {
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ type: 'integer', example: 5 }) quantity: number;
}

/** Spree 2.2's stock transfer attributes, with its lines and its locations' names for a back-office list. */
export class StockTransferJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'T123456789' }) number: string;
  @ApiProperty({ type: String, nullable: true, example: 'PO-1042' }) reference: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null: stock received from outside, or the location was deleted' }) source_location_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null: the location was deleted' }) destination_location_id: number | null;
  @ApiProperty({ type: String, nullable: true }) source_location_name: string | null;
  @ApiProperty({ type: String, nullable: true }) destination_location_name: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'the user who made it' }) created_by_id: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: Date;
  @ApiProperty({ format: 'date-time' }) updated_at: Date;
  @ApiProperty({ type: [TransferItemJson], description: 'the units that arrived at the destination, per variant' }) transfer_items: TransferItemJson[];
  @ApiProperty({ type: [StockMovementJson], required: false, description: 'shown for one transfer (show, create), not in lists: its movements out of the source and into the destination' })
  stock_movements?: StockMovementJson[];
}

export function serializeStockTransfer(view: StockTransferView): StockTransferJson {
  const { transfer, lines, locationNames, movements } = view;
  const name = (id: number | null) => (id === null ? null : (locationNames.get(id) ?? null));
  return {
    id: transfer.id,
    number: transfer.number,
    reference: transfer.reference,
    source_location_id: transfer.sourceLocationId,
    destination_location_id: transfer.destinationLocationId,
    source_location_name: name(transfer.sourceLocationId),
    destination_location_name: name(transfer.destinationLocationId),
    created_by_id: transfer.createdById,
    created_at: transfer.createdAt,
    updated_at: transfer.updatedAt,
    transfer_items: lines.map((l) => ({ variant_id: l.variantId, quantity: l.quantity })),
    ...(movements ? { stock_movements: movements.result.map((m) => serializeStockMovement(m, movements.variants)) } : {}),
  };
}
