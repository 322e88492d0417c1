import { ApiProperty } from '@nestjs/swagger';
import { displayMoney, moneyString } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';

/** A variant's price in one currency (Spree's `Spree::Price`: id, variant_id, amount, currency), with its display twin. */
export class PriceJson {
  @ApiProperty({ format: 'int32' }) id: number;
  @ApiProperty({ format: 'int32' }) variant_id: number;
  @ApiProperty({ type: 'string', format: 'decimal', example: '22.00', description: "In the currency's decimal places (JPY: none)" }) amount: string;
  @ApiProperty({ example: 'EUR', pattern: '^[A-Z]{3}$' }) currency: string;
  @ApiProperty({ example: '€22.00' }) display_amount: string;
}

export class PriceListJson {
  @ApiProperty({ type: [PriceJson], description: 'In the order of SUPPORTED_CURRENCIES' }) prices: PriceJson[];
}

export interface PriceRow {
  id: number;
  variantId: number;
  amount: string;
  currency: string;
}

export function serializePrice(price: PriceRow): PriceJson {
  return {
    id: price.id,
    variant_id: price.variantId,
    amount: moneyString(price.amount, currencyMinorUnits(price.currency)),
    currency: price.currency,
    display_amount: displayMoney(price.amount, price.currency),
  };
}
