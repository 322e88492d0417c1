import { DecimalField, IntegerField } from '../../../common/params/fields';
import { MAX_LINE_ITEM_QUANTITY } from '../order-contents.service';

export class CreateLineItemDto {
  @IntegerField({ required: true, minimum: 1 }) variant_id: number;
  @IntegerField({ minimum: 1, description: `Defaults to 1; at most ${MAX_LINE_ITEM_QUANTITY} per line item` }) quantity?: number;
  @DecimalField({ minimum: 0, description: 'Admins only; ignored for anyone else' }) price?: string;
}

export class UpdateLineItemDto {
  @IntegerField({ minimum: 1, description: `At most ${MAX_LINE_ITEM_QUANTITY}` }) quantity?: number;
  @DecimalField({ minimum: 0, description: 'Admins only; ignored for anyone else' }) price?: string;
}
