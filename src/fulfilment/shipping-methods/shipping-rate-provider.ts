import type Decimal from 'decimal.js';
import type { ShippingCalculatorType } from './entities/shipping-method.entity';

/**
 * The seam between shipping and whoever prices it: the built-in calculators
 * of the shipping methods (`builtin`, the default), or a carrier's rate
 * service. SHIPPING_RATE_PROVIDER names the one in use
 * (shipping-rate-providers.ts lists them); the estimator
 * (fulfilment/shipments/shipping-rate-estimator.ts, Spree's Stock::Estimator)
 * picks the shipping methods that may ship a package (zone, categories,
 * currency, shown on the storefront) and asks the provider to price it by
 * each. Async: a remote service may be asked; it is called inside the
 * checkout's transaction, so it must answer quickly or fail.
 */
export interface ShippingRateProvider {
  /** The cost of shipping the package by each method it can price (in the package's currency); a method left out is not offered. */
  rates(request: ShippingRateRequest): Promise<ShippingRate[]>;
}

export const SHIPPING_RATE_PROVIDER = Symbol('SHIPPING_RATE_PROVIDER');

export interface ShippingRateRequest {
  package: RatedPackage;
  /** The shipping methods that may ship it, by id. */
  methods: RatedMethod[];
}

/** What one stock location ships to one address. */
export interface RatedPackage {
  stockLocationId: number;
  contents: RatedContent[];
  shipAddress: { countryId: number | null; stateId: number | null };
  currency: string;
}

/** A line item's units in the package. */
export interface RatedContent {
  lineItemId: number;
  variantId: number;
  shippingCategoryId: number;
  /** Units in this package, backordered ones included. */
  quantity: number;
  /** Of which backordered (shipped when stock arrives). */
  backordered: number;
  /** These units' share of the line item's amount (price × quantity), exact (not rounded). */
  amount: Decimal;
}

/** A shipping method as a provider sees it: its names (a carrier's service may be mapped by `code`) and its calculator. */
export interface RatedMethod {
  id: number;
  name: string;
  code: string | null;
  calculator: { type: ShippingCalculatorType; amount: string; currency: string };
}

export interface ShippingRate {
  shippingMethodId: number;
  cost: Decimal;
}
