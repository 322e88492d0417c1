import Decimal from 'decimal.js';
import { JsonRows } from '../../common/db/entity-json';
import { decimal, roundMoney } from '../../common/money/money';

/** Decimal places the items' `pre_tax_amount` keeps (numeric(12,4)). */
export const PRE_TAX_DECIMALS = 4;

/** A tax rate that applies to an order's tax address. */
export interface ApplicableRate {
  id: number;
  name: string | null;
  amount: Decimal;
  taxCategoryId: number;
  taxCategoryName: string;
  includedInPrice: boolean;
  showRateInLabel: boolean;
}

/** Anything taxable: a line item (its amount) or a shipment (its cost). */
export interface Taxable {
  taxCategoryId: number | null;
  amount: Decimal;
}

export interface TaxCharge {
  rate: ApplicableRate;
  amount: Decimal;
  included: boolean;
  label: string;
}

/** An applicable rate as it travels nested in a statement (`APPLICABLE_RATE_ROWS`), amount as text. */
interface ApplicableRateRow {
  id: number;
  name: string | null;
  amount: string;
  taxCategoryId: number;
  taxCategoryName: string;
  includedInPrice: boolean;
  showRateInLabel: boolean;
}

const APPLICABLE_RATE_ROWS = new JsonRows<ApplicableRateRow>({
  id: 'tr.id',
  name: 'tr.name',
  amount: 'tr.amount::text',
  taxCategoryId: 'tr.tax_category_id',
  taxCategoryName: 'tc.name',
  includedInPrice: 'tr.included_in_price',
  showRateInLabel: 'tr.show_rate_in_label',
});

/**
 * SQL: the rates whose zone covers an address (its country or its state), as
 * nested rows (amounts as text) for `applicableRatesFromJson`; `countryId`
 * and `stateId` are SQL expressions (the order's ship address's columns, read
 * in the same statement). Without an address yet (no country), rates of the
 * default tax zone apply, as Spree's `tax_zone` falls back to `Zone.default_tax`.
 */
export function applicableRatesJson(countryId: string, stateId: string): string {
  return APPLICABLE_RATE_ROWS.select(
    `FROM tax_rates tr
       JOIN tax_categories tc ON tc.id = tr.tax_category_id AND tc.deleted_at IS NULL
       JOIN zones z ON z.id = tr.zone_id
      WHERE tr.deleted_at IS NULL
        AND CASE WHEN ${countryId} IS NULL THEN z.default_tax
                 ELSE EXISTS (SELECT 1 FROM zone_members zm WHERE zm.zone_id = z.id
                               AND ((zm.zoneable_type = 'Spree::Country' AND zm.zoneable_id = ${countryId})
                                 OR (zm.zoneable_type = 'Spree::State' AND zm.zoneable_id = ${stateId}))) END`,
    'tr.id',
  );
}

/** The rates of `applicableRatesJson`, read back (amounts exact). */
export function applicableRatesFromJson(rows: unknown[][]): ApplicableRate[] {
  return APPLICABLE_RATE_ROWS.read(rows).map((r) => ({
    id: Number(r.id),
    name: r.name ?? null,
    amount: decimal(r.amount),
    taxCategoryId: Number(r.taxCategoryId),
    taxCategoryName: String(r.taxCategoryName),
    includedInPrice: Boolean(r.includedInPrice),
    showRateInLabel: Boolean(r.showRateInLabel),
  }));
}

/** Spree's `TaxRate#create_label`: "Sales Tax 5.0%", "(Included in Price)" for VAT. */
export function taxLabel(rate: ApplicableRate): string {
  let label = (rate.name && rate.name.trim() !== '' ? rate.name : rate.taxCategoryName).trim();
  if (rate.showRateInLabel) {
    const percent = rate.amount.times(100);
    label += ` ${percent.isInteger() ? percent.toFixed(1) : percent.toString()}%`;
  }
  if (rate.includedInPrice) label += ' (Included in Price)';
  return label;
}

/** The rates of `rates` that tax this item. */
function ratesFor(item: Taxable, rates: ApplicableRate[]): ApplicableRate[] {
  return item.taxCategoryId === null ? [] : rates.filter((r) => r.taxCategoryId === item.taxCategoryId);
}

/**
 * The item's amount before the tax included in its price: one division by
 * 1 + the sum of the included rates (Spree's `store_pre_tax_amount`), so
 * several included rates never claim more tax than the price holds. Null when
 * no included rate applies.
 */
export function preTaxAmount(item: Taxable, rates: ApplicableRate[]): Decimal | null {
  const included = ratesFor(item, rates).filter((r) => r.includedInPrice);
  if (included.length === 0) return null;
  return item.amount.dividedBy(included.reduce((sum, r) => sum.plus(r.amount), decimal(1)));
}

/**
 * The pre-tax amount as the item keeps it: rounded half up (away from zero, as PostgreSQL's round) to
 * PRE_TAX_DECIMALS. The one rounding rule for it: the owners write this value as it is.
 */
export function storedPreTaxAmount(preTax: Decimal | null): Decimal | null {
  return preTax === null ? null : preTax.toDecimalPlaces(PRE_TAX_DECIMALS, Decimal.ROUND_HALF_UP);
}

/**
 * Spree's DefaultTax calculator: additional tax is amount × rate; tax included
 * in the price is the pre-tax amount × rate. Each rounded half up to the
 * currency's minor unit (`places`; cents by default). Zero charges are left out.
 */
export function taxCharges(item: Taxable, rates: ApplicableRate[], places?: number): TaxCharge[] {
  const preTax = preTaxAmount(item, rates);
  const charges: TaxCharge[] = [];
  for (const rate of ratesFor(item, rates)) {
    const amount = rate.includedInPrice ? roundMoney(preTax!.times(rate.amount), places) : roundMoney(item.amount.times(rate.amount), places);
    if (amount.isZero()) continue;
    charges.push({ rate, amount, included: rate.includedInPrice, label: taxLabel(rate) });
  }
  return charges;
}

/** The tax totals of taxable items to write: per item id, additional and included tax, and the pre-tax amount as stored (`storedPreTaxAmount`; null: none). */
export interface ItemTaxTotals {
  ids: number[];
  additional: string[];
  included: string[];
  preTax: Array<string | null>;
}

/**
 * SQL: writes the tax columns (Spree's ItemAdjustments totals) of the taxable
 * items of `table` from the four arrays of `ItemTaxTotals` ($1–$4), in one
 * statement, as given (rounded already: no rule of its own); rows already
 * holding them are left alone. Run by each table's owner (line items, shipments).
 */
export function itemTaxTotalsUpdateSql(table: 'line_items' | 'shipments'): string {
  return `UPDATE ${table} t SET additional_tax_total = v.additional, included_tax_total = v.included, adjustment_total = v.additional,
                pre_tax_amount = v.pre_tax
           FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[]) AS v(id, additional, included, pre_tax)
          WHERE t.id = v.id AND (t.additional_tax_total, t.included_tax_total, t.adjustment_total, t.pre_tax_amount)
                IS DISTINCT FROM (v.additional, v.included, v.additional, v.pre_tax)`;
}
