import { CurrencyMoneyField, IntegerField } from '../../../common/params/fields';
import { MAX_LINE_ITEM_QUANTITY } from '../order-contents.service';

/** The stock check of a quantity (OrderContents, Spree's Stock::AvailabilityValidator). */
export const STOCK = '; more than the store has on hand (over its active stock locations) of a variant that tracks inventory and takes no backorders is a 422 on quantity';

export class CreateLineItemDto {
  @IntegerField({ required: true, minimum: 1 }) variant_id: number;
  @IntegerField({ minimum: 1, maximum: MAX_LINE_ITEM_QUANTITY, blank: 'absent', description: `Defaults to 1 (also when blank); at most ${MAX_LINE_ITEM_QUANTITY} per line item${STOCK}` }) quantity?: number;
  @CurrencyMoneyField({ minimum: 0, blank: 'absent', description: 'Admins only; ignored for anyone else (and when blank)' }) price?: string;
}

export class UpdateLineItemDto {
  @IntegerField({ minimum: 1, maximum: MAX_LINE_ITEM_QUANTITY, blank: 'refused', description: `At most ${MAX_LINE_ITEM_QUANTITY}${STOCK} (a raise is checked, a lowering never refused)` }) quantity?: number;
  @CurrencyMoneyField({ minimum: 0, blank: 'absent', description: 'Admins only; ignored for anyone else (and when blank)' }) price?: string;
}
