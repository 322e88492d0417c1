import { IntegerField, NestedListField, StringField } from '../../../common/params/fields';

/** The most lines one transfer takes: a delivery's worth, and one transaction's worth of locks. */
export const MAX_TRANSFER_ITEMS = 500;

/** `stock_transfer[transfer_items][n]`: a variant and how many of its units move. */
export class TransferItemParamsDto {
  @IntegerField({ required: true, description: 'a variant (not deleted)' }) variant_id: number;
  @IntegerField({ required: true, minimum: 1, description: 'units to move', example: 5 }) quantity: number;
}

/**
 * `stock_transfer[...]`: Spree 2.2's stock transfer (its back-office `stock_transfers#create`). Without a
 * source location the units are received at the destination (Spree's `receive`).
 */
export class CreateStockTransferDto {
  @IntegerField({ description: 'the location the units leave; omit to receive stock from outside' }) source_location_id?: number | null;
  @IntegerField({ required: true, description: 'the location the units arrive at' }) destination_location_id: number;
  @StringField({ description: 'a note, e.g. the carrier’s or supplier’s reference', example: 'PO-1042' }) reference?: string | null;
  @NestedListField(() => TransferItemParamsDto, 'The variants and quantities to move (a variant listed twice moves the sum)', { required: true, maxItems: MAX_TRANSFER_ITEMS })
  transfer_items: TransferItemParamsDto[];
}
