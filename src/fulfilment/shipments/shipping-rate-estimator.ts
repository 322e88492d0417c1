import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { decimal, roundMoney } from '../../common/money/money';
import { ShippingCalculatorType } from '../shipping-methods/entities/shipping-method.entity';
import { Package } from './stock-coordinator';

export interface EstimatedRate {
  shippingMethodId: number;
  cost: Decimal;
}

interface MethodRow {
  id: number;
  calculator_type: ShippingCalculatorType;
  calculator_amount: string;
  category_ids: number[];
}

/** Spree's calculators: a flat amount per shipment, an amount per unit, or a percent of the items' total. */
export function shippingCost(type: ShippingCalculatorType, amount: string, pkg: Package): Decimal {
  const units = pkg.lines.reduce((n, l) => n + l.onHand + l.backordered, 0);
  switch (type) {
    case 'flat_rate':
      return decimal(amount);
    case 'per_item':
      return decimal(amount).times(units);
    case 'flat_percent_item_total': {
      // Units of a line item may be split over packages: take this package's share of its amount.
      const itemTotal = pkg.lines.reduce((sum, l) => sum.plus(decimal(l.item.amount).times(l.onHand + l.backordered).dividedBy(l.item.quantity)), decimal(0));
      return roundMoney(itemTotal.times(decimal(amount)).dividedBy(100));
    }
  }
}

/**
 * Spree's Stock::Estimator: the front-end shipping methods, in the order's
 * currency, whose zone covers the ship address and which carry every
 * shipping category in the package, cheapest first.
 */
export async function estimateRates(
  em: EntityManager,
  pkg: Package,
  shipAddress: { countryId: number | null; stateId: number | null },
  currency: string,
): Promise<EstimatedRate[]> {
  const categoryIds = [...new Set(pkg.lines.map((l) => l.item.shippingCategoryId))];
  const methods: MethodRow[] = await em.query(
    `SELECT sm.id, sm.calculator_type, sm.calculator_amount,
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
    [shipAddress.countryId, shipAddress.stateId, currency],
  );
  return methods
    .filter((m) => categoryIds.every((c) => m.category_ids.map(Number).includes(c)))
    .map((m) => ({ shippingMethodId: Number(m.id), cost: shippingCost(m.calculator_type, m.calculator_amount, pkg) }))
    .sort((a, b) => a.cost.comparedTo(b.cost) || a.shippingMethodId - b.shippingMethodId);
}
