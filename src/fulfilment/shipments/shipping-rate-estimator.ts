import { preparedStatement } from '../../common/db/prepared-statement';
import { Inject, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { decimal } from '../../common/money/money';
import { ShippingCalculatorType } from '../shipping-methods/entities/shipping-method.entity';
import { RatedMethod, RatedPackage, SHIPPING_RATE_PROVIDER, ShippingRateProvider } from '../shipping-methods/shipping-rate-provider';
import { Package } from './stock-coordinator';

export interface EstimatedRate {
  shippingMethodId: number;
  cost: Decimal;
}

interface MethodRow {
  id: number;
  name: string;
  code: string | null;
  calculator_type: ShippingCalculatorType;
  calculator_amount: string;
  calculator_currency: string;
  category_ids: number[];
}

/** A package as a shipping rate provider sees it: each line item's units and their share of its amount. */
export function ratedPackage(pkg: Package, shipAddress: RatedPackage['shipAddress'], currency: string): RatedPackage {
  return {
    stockLocationId: pkg.stockLocationId,
    contents: pkg.lines.map((l) => ({
      lineItemId: l.item.lineItemId,
      variantId: l.item.variantId,
      shippingCategoryId: l.item.shippingCategoryId,
      quantity: l.onHand + l.backordered,
      backordered: l.backordered,
      amount: decimal(l.item.amount).times(l.onHand + l.backordered).dividedBy(l.item.quantity),
    })),
    shipAddress,
    currency,
  };
}

/** The rates a provider gave, kept to the methods it was asked about (one each), cheapest first. */
export function offeredRates(methods: RatedMethod[], rates: EstimatedRate[]): EstimatedRate[] {
  const asked = new Set(methods.map((m) => m.id));
  const offered = new Map<number, EstimatedRate>();
  for (const rate of rates) {
    if (!asked.has(rate.shippingMethodId) || offered.has(rate.shippingMethodId)) continue;
    if (!rate.cost.isFinite() || rate.cost.isNegative()) throw new Error(`shipping rate provider: method ${rate.shippingMethodId} priced at ${rate.cost.toString()}`);
    offered.set(rate.shippingMethodId, rate);
  }
  return [...offered.values()].sort((a, b) => a.cost.comparedTo(b.cost) || a.shippingMethodId - b.shippingMethodId);
}

/** The front-end shipping methods in a currency ($3) whose zone covers a country ($1) or state ($2), with their categories. */
const SHIPPING_METHODS_FOR = preparedStatement(
  'shipping-methods-for-address',
  `SELECT sm.id, sm.name, sm.code, sm.calculator_type, sm.calculator_amount, sm.calculator_currency,
              ARRAY(SELECT smc.shipping_category_id FROM shipping_method_categories smc WHERE smc.shipping_method_id = sm.id) AS category_ids
         FROM shipping_methods sm
        WHERE sm.deleted_at IS NULL
          AND sm.calculator_currency = $3
          AND COALESCE(sm.display_on, 'both') IN ('both', 'front_end', '')
          AND EXISTS (SELECT 1 FROM shipping_method_zones smz JOIN zone_members zm ON zm.zone_id = smz.zone_id
                       WHERE smz.shipping_method_id = sm.id
                         AND ((zm.zoneable_type = 'Spree::Country' AND zm.zoneable_id = $1)
                           OR (zm.zoneable_type = 'Spree::State' AND zm.zoneable_id = $2)))
        ORDER BY sm.id`,
);

/**
 * Spree's Stock::Estimator: the front-end shipping methods, in the order's
 * currency, whose zone covers the ship address and which carry every
 * shipping category in the package, priced by the shipping rate provider
 * (SHIPPING_RATE_PROVIDER), cheapest first.
 */
@Injectable()
export class ShippingRateEstimator {
  constructor(@Inject(SHIPPING_RATE_PROVIDER) private readonly provider: ShippingRateProvider) {}

  async estimate(em: EntityManager, pkg: Package, shipAddress: RatedPackage['shipAddress'], currency: string): Promise<EstimatedRate[]> {
    const categoryIds = [...new Set(pkg.lines.map((l) => l.item.shippingCategoryId))];
    const rows = await SHIPPING_METHODS_FOR(em).run<MethodRow>(em, [shipAddress.countryId, shipAddress.stateId, currency]);
    const methods: RatedMethod[] = rows
      .filter((m) => categoryIds.every((c) => m.category_ids.map(Number).includes(c)))
      .map((m) => ({
        id: Number(m.id),
        name: m.name,
        code: m.code,
        calculator: { type: m.calculator_type, amount: m.calculator_amount, currency: m.calculator_currency },
      }));
    if (methods.length === 0) return [];
    return offeredRates(methods, await this.provider.rates({ package: ratedPackage(pkg, shipAddress, currency), methods }));
  }
}
