import { BooleanField, IntegerField } from '../../../common/params/fields';

/** `stock_item[...]` for a create. */
export class CreateStockItemDto {
  @IntegerField({ required: true, minimum: 1, description: 'the variant this stock item counts' }) variant_id: number;
  @IntegerField({ description: 'initial count on hand (recorded as a stock movement); default 0', example: 20 }) count_on_hand?: number | null;
  @BooleanField({ description: 'default false' }) backorderable?: boolean | null;
}

/** `stock_item[...]` for an update. */
export class UpdateStockItemDto {
  @IntegerField({ description: 'added to the stored count (negative subtracts); with force=true it replaces it', example: 5 }) count_on_hand?: number | null;
  @BooleanField({ description: 'replace the count instead of adding to it' }) force?: boolean | null;
  @BooleanField({ nullable: false }) backorderable?: boolean | null;
  @IntegerField({ description: 'optimistic lock: when sent and no longer current, the update is refused with 422' }) lock_version?: number | null;
}
