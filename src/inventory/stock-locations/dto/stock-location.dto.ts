import { BooleanField, IntegerField, StringField } from '../../../common/params/fields';

/** Spree's permitted_stock_location_attributes, less the name (its rule differs between create and update). */
class StockLocationFieldsDto {
  @StringField({ example: '1600 Pennsylvania Ave NW' }) address1?: string | null;
  @StringField() address2?: string | null;
  @StringField({ example: 'Washington' }) city?: string | null;
  @StringField({ example: '20500' }) zipcode?: string | null;
  @StringField({ example: '(202) 456-1111' }) phone?: string | null;
  @IntegerField({ description: 'id of a country' }) country_id?: number | null;
  @IntegerField({ description: 'id of a state of the country' }) state_id?: number | null;
  @StringField({ description: 'free-text state, for countries without states' }) state_name?: string | null;
  @BooleanField({ nullable: false, example: true }) active?: boolean | null;
  @BooleanField({ nullable: false, description: 'backorderable value of the stock items created here for new variants' }) backorderable_default?: boolean | null;
  @BooleanField({ nullable: false, description: 'give every variant a stock item here (default true)' }) propagate_all_variants?: boolean | null;
}

/** `stock_location[...]` for an update: only what is sent changes. */
export class UpdateStockLocationDto extends StockLocationFieldsDto {
  @StringField({ nullable: false, example: 'NY Warehouse' }) name?: string | null;
}

/** `stock_location[...]` for a create: name is required. */
export class CreateStockLocationDto extends StockLocationFieldsDto {
  @StringField({ required: true, example: 'NY Warehouse' }) name: string;
}
