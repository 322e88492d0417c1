import { BooleanField, DecimalField, IntegerField, StringField } from '../../../common/params/fields';

/** Decimal places of a rate (tax_rates.amount is numeric(8,5)): more are refused, not rounded. */
const TAX_RATE_DECIMALS = 5;
const AMOUNT = `The rate as a fraction, at least 0 and below 1000, up to ${TAX_RATE_DECIMALS} decimals: "0.05" is 5 %.`;

export class CreateTaxRateDto {
  @StringField({ example: 'Sales tax' }) name?: string | null;
  @DecimalField({ required: true, decimals: TAX_RATE_DECIMALS, description: AMOUNT, example: '0.05' }) amount: string;
  @IntegerField({ required: true }) zone_id: number;
  @IntegerField({ required: true }) tax_category_id: number;
  @BooleanField({ description: 'Default false.' }) included_in_price?: boolean | null;
  @BooleanField({ description: 'Default true.' }) show_rate_in_label?: boolean | null;
}

export class UpdateTaxRateDto {
  @StringField({ example: 'Sales tax' }) name?: string | null;
  @DecimalField({ decimals: TAX_RATE_DECIMALS, description: AMOUNT, example: '0.05' }) amount?: string | null;
  @IntegerField() zone_id?: number | null;
  @IntegerField() tax_category_id?: number | null;
  @BooleanField() included_in_price?: boolean | null;
  @BooleanField() show_rate_in_label?: boolean | null;
}
