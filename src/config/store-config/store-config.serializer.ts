import { ApiProperty } from '@nestjs/swagger';

/** config/show.v1.rabl, plus the store currency. */
export class StoreConfigJson {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the store’s default country (DEFAULT_COUNTRY, US unless configured); null when that country is not loaded' })
  default_country_id: number | null;
  @ApiProperty({ example: 'USD', description: 'the store currency (CURRENCY)' }) currency: string;
}

/** config/money.v1.rabl (Spree::Money settings), plus the currency they apply to. */
export class MoneyConfigJson {
  @ApiProperty({ example: '$' }) symbol: string;
  @ApiProperty({ enum: ['before', 'after'], example: 'before' }) symbol_position: string;
  @ApiProperty({ description: 'amounts are shown without cents' }) no_cents: boolean;
  @ApiProperty({ example: '.' }) decimal_mark: string;
  @ApiProperty({ example: ',' }) thousands_separator: string;
  @ApiProperty({ example: 'USD' }) currency: string;
}
