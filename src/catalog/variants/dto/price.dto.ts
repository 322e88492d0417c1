import { DecimalField } from '../../../common/params/fields';
import { MONEY_DECIMALS } from '../../../common/money/money';

/** `price[amount]` of PUT /api/variants/:variant_id/prices/:currency: the amount in that currency (at most its ISO 4217 decimal places). */
export class PriceParamsDto {
  @DecimalField({ required: true, minimum: 0, decimals: MONEY_DECIMALS, example: '22.00', description: "The amount in the path's currency, with at most its decimal places (JPY: none)" })
  amount: string;
}
