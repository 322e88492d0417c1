import type Decimal from 'decimal.js';
import type { ApplicableRate } from './tax-calculator';

/**
 * The seam between an order's totals and whoever knows its tax: the built-in
 * zone rates (`builtin`, the default: the tax rates whose zone covers the
 * order's ship address, Spree's `TaxRate.match`), or a tax service (rates by
 * address and product, as TaxJar's or Avalara's rate APIs give them).
 * TAX_PROVIDER names the one in use (tax-providers.ts lists them).
 *
 * The provider says which rates apply; `computeOrderTotals` applies them
 * (Spree's DefaultTax: additional or included in the price, rounded to the
 * currency's minor units), so the money math stays one pure function. A rate
 * a provider gives is kept as the source of the order's tax adjustments:
 * its `id` must be a `tax_rates` row (a provider maps its jurisdictions to
 * them). Async: a remote service may be asked; it is called inside the
 * transaction of every change to an order, so it must answer quickly or fail
 * (the change then fails and nothing is kept).
 */
export interface TaxProvider {
  /** The rates that tax this order's items (each applies to the items of its tax category). */
  rates(request: TaxRequest): Promise<ApplicableRate[]>;
}

export const TAX_PROVIDER = Symbol('TAX_PROVIDER');

export interface TaxRequest {
  orderId: number;
  currency: string;
  /** The order's ship address (null ids: none yet; the default tax zone applies). */
  address: { countryId: number | null; stateId: number | null };
  /** What is taxed: line items (price × quantity) and shipments (their selected rate's cost). */
  items: TaxedItem[];
  /** The rates of the zones covering the address (or of the default tax zone), read with the order in its one statement: the built-in answer. */
  zoneRates: ApplicableRate[];
}

export interface TaxedItem {
  type: 'Spree::LineItem' | 'Spree::Shipment';
  id: number;
  taxCategoryId: number | null;
  amount: Decimal;
}
