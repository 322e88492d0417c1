import { ApiProperty } from '@nestjs/swagger';
import { decimal } from '../../common/money/money';
import { TaxRate } from './entities/tax-rate.entity';

export class TaxRateZoneJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'North America' }) name: string;
}

export class TaxRateCategoryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Default' }) name: string;
}

export class TaxRateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Sales tax' }) name: string | null;
  @ApiProperty({ example: '0.05', description: 'Decimal string, a fraction ("0.05" is 5 %), without trailing zeros beyond the first decimal.' }) amount: string;
  @ApiProperty({ type: 'integer' }) zone_id: number;
  @ApiProperty({ type: 'integer' }) tax_category_id: number;
  @ApiProperty() included_in_price: boolean;
  @ApiProperty() show_rate_in_label: boolean;
  @ApiProperty({ type: TaxRateZoneJson }) zone: TaxRateZoneJson;
  @ApiProperty({ type: TaxRateCategoryJson }) tax_category: TaxRateCategoryJson;
}

/** "0.05", "0.075", "1.0": Ruby's BigDecimal#to_s look, as Spree renders rates. */
export function rateString(value: string): string {
  const s = decimal(value).toFixed();
  return s.includes('.') ? s : `${s}.0`;
}

/** Expects `zone` and `taxCategory` loaded. */
export function serializeTaxRate(rate: TaxRate): TaxRateJson {
  return {
    id: rate.id,
    name: rate.name,
    amount: rateString(rate.amount),
    zone_id: rate.zoneId,
    tax_category_id: rate.taxCategoryId,
    included_in_price: rate.includedInPrice,
    show_rate_in_label: rate.showRateInLabel,
    zone: { id: rate.zone!.id, name: rate.zone!.name },
    tax_category: { id: rate.taxCategory!.id, name: rate.taxCategory!.name },
  };
}
