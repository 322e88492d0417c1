import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { decimal, roundMoney } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import type { ShippingCalculatorType } from './entities/shipping-method.entity';
import { RatedPackage, ShippingRate, ShippingRateProvider, ShippingRateRequest } from './shipping-rate-provider';

/** Spree's calculators: a flat amount per shipment, an amount per unit, or a percent of the items' total. */
export function shippingCost(type: ShippingCalculatorType, amount: string, pkg: Pick<RatedPackage, 'contents' | 'currency'>): Decimal {
  switch (type) {
    case 'flat_rate':
      return decimal(amount);
    case 'per_item':
      return decimal(amount).times(pkg.contents.reduce((n, c) => n + c.quantity, 0));
    case 'flat_percent_item_total': {
      // Units of a line item may be split over packages: each content carries this package's share of its amount.
      const itemTotal = pkg.contents.reduce((sum, c) => sum.plus(c.amount), decimal(0));
      // Rounded to the package's currency (the order's): whole yen for JPY.
      return roundMoney(itemTotal.times(decimal(amount)).dividedBy(100), currencyMinorUnits(pkg.currency));
    }
  }
}

/** The default shipping rate provider (`builtin`): each method priced by its own calculator (Spree's FlatRate, PerItem, FlatPercentItemTotal). */
@Injectable()
export class BuiltinShippingRates implements ShippingRateProvider {
  async rates({ package: pkg, methods }: ShippingRateRequest): Promise<ShippingRate[]> {
    return methods.map((m) => ({ shippingMethodId: m.id, cost: shippingCost(m.calculator.type, m.calculator.amount, pkg) }));
  }
}
