import { CurrencyMoneyField, IntegerField, IntegerListField, StringField } from '../../../common/params/fields';
import { STORE_CURRENCY_OR_BLANK } from '../../../common/http/request-currency';

export const DISPLAY_ON = ['both', 'front_end', 'back_end'] as const;
export const CALCULATOR_TYPES = ['flat_rate', 'per_item', 'flat_percent_item_total'] as const;

const CALCULATOR =
  '`flat_rate`: `calculator_amount` per order; `per_item`: `calculator_amount` per item; `flat_percent_item_total`: `calculator_amount` percent of the item total.';

const AMOUNT =
  "Decimal string, at least 0, with at most the calculator currency's decimal places (2 for USD and EUR, 0 for JPY); a percent (flat_percent_item_total) at most 2.";
const AMOUNT_DEFAULT = `${AMOUNT} Default 0.`;
const CURRENCY_TEXT =
  "Spree's calculator `preferred_currency`: the currency of `calculator_amount`, one the store sells in (SUPPORTED_CURRENCIES; default the store currency). " +
  'The method is offered only to orders in this currency (a EUR method never prices a USD order); a store selling in several currencies has a method per currency.';

export class CreateShippingMethodDto {
  @StringField({ required: true, example: 'UPS Ground' }) name: string;
  @StringField({ example: 'UPS Ground (back office)' }) admin_name?: string | null;
  @StringField({ example: 'UPS_GROUND' }) code?: string | null;
  @StringField({ enum: DISPLAY_ON, description: `One of ${DISPLAY_ON.join(', ')}; null shows it everywhere.`, example: 'both' }) display_on?: string | null;
  @StringField({ description: '`:tracking` in the URL is replaced by the tracking number.', example: 'https://track.example.com/?n=:tracking' }) tracking_url?: string | null;
  @IntegerListField({ description: 'Zones the method ships to.' }) zone_ids?: number[] | null;
  @IntegerListField({ nullable: false, description: 'At least one shipping category is required.' }) shipping_category_ids?: number[] | null;
  @StringField({ nullable: false, enum: CALCULATOR_TYPES, description: `One of ${CALCULATOR_TYPES.join(', ')} (default flat_rate). ${CALCULATOR}`, example: 'flat_rate' }) calculator_type?: string | null;
  @CurrencyMoneyField({ nullable: false, description: AMOUNT_DEFAULT, example: '5.00' }) calculator_amount?: string | null;
  @StringField({ maxLength: 3, blank: 'absent', pattern: STORE_CURRENCY_OR_BLANK, description: CURRENCY_TEXT, example: 'USD' }) calculator_currency?: string;
  @IntegerField({ description: 'Tax category of the shipping charge, or null.' }) tax_category_id?: number | null;
}

export class UpdateShippingMethodDto {
  @StringField({ nullable: false, example: 'UPS Ground' }) name?: string | null;
  @StringField({ example: 'UPS Ground (back office)' }) admin_name?: string | null;
  @StringField({ example: 'UPS_GROUND' }) code?: string | null;
  @StringField({ enum: DISPLAY_ON, description: `One of ${DISPLAY_ON.join(', ')}; null shows it everywhere.`, example: 'both' }) display_on?: string | null;
  @StringField({ description: '`:tracking` in the URL is replaced by the tracking number.' }) tracking_url?: string | null;
  @IntegerListField({ description: 'When sent, replaces the zones.' }) zone_ids?: number[] | null;
  @IntegerListField({ nullable: false, description: 'When sent, replaces the categories; at least one is required.' }) shipping_category_ids?: number[] | null;
  @StringField({ nullable: false, enum: CALCULATOR_TYPES, description: `One of ${CALCULATOR_TYPES.join(', ')}. ${CALCULATOR}`, example: 'flat_rate' }) calculator_type?: string | null;
  @CurrencyMoneyField({ nullable: false, description: AMOUNT, example: '5.00' }) calculator_amount?: string | null;
  @StringField({ maxLength: 3, blank: 'absent', pattern: STORE_CURRENCY_OR_BLANK, description: CURRENCY_TEXT, example: 'USD' }) calculator_currency?: string;
  @IntegerField({ description: 'Tax category of the shipping charge, or null.' }) tax_category_id?: number | null;
}
