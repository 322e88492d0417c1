import { IntegerField, StringField } from '../../../common/params/fields';

/** `stock_movement[...]`: Spree's permitted_stock_movement_attributes (the polymorphic originator is not settable over the API). */
export class CreateStockMovementDto {
  @IntegerField({ required: true, minimum: 1, description: 'a stock item of this stock location' }) stock_item_id: number;
  @IntegerField({ description: 'added to the stock item’s count on hand (negative takes stock); default 0', example: 5 }) quantity?: number | null;
  @StringField({ example: 'received' }) action?: string | null;
}
