import { IntegerField, MoneyField } from '../../../common/params/fields';
import { MAX_LINE_ITEM_QUANTITY } from '../order-contents.service';

export class CreateLineItemDto {
  @IntegerField({ required: true, minimum: 1 }) variant_id: number;
  @IntegerField({ minimum: 1, blank: 'absent', description: `Defaults to 1 (also when blank); at most ${MAX_LINE_ITEM_QUANTITY} per line item` }) quantity?: number;
  @MoneyField({ minimum: 0, blank: 'absent', description: 'Admins only; ignored for anyone else (and when blank)' }) price?: string;
}

export class UpdateLineItemDto {
  @IntegerField({ minimum: 1, blank: 'refused', description: `At most ${MAX_LINE_ITEM_QUANTITY}` }) quantity?: number;
  @MoneyField({ minimum: 0, blank: 'absent', description: 'Admins only; ignored for anyone else (and when blank)' }) price?: string;
}
