import { ApiProperty } from '@nestjs/swagger';

/** config/show.v1.rabl, plus the store currency. */
export class StoreConfigJson {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the store’s default country (DEFAULT_COUNTRY, US unless configured); null when that country is not loaded' })
  default_country_id: number | null;
  @ApiProperty({ example: 'USD', description: 'the store currency (CURRENCY)' }) currency: string;
  @ApiProperty({
    type: [String],
    example: ['USD', 'EUR', 'JPY'],
    description: 'the currencies the store sells in (SUPPORTED_CURRENCIES), the store currency first: catalog reads show prices in any of them (`currency` or `X-Currency`)',
  })
  supported_currencies: string[];
}

/** config/money.v1.rabl (Spree::Money settings), plus the currency they apply to. */
export class MoneyConfigJson {
  @ApiProperty({ example: '$' }) symbol: string;
  @ApiProperty({ enum: ['before', 'after'], example: 'before' }) symbol_position: string;
  @ApiProperty({ description: 'amounts are shown without cents' }) no_cents: boolean;
  @ApiProperty({ example: '.' }) decimal_mark: string;
  @ApiProperty({ example: ',' }) thousands_separator: string;
  @ApiProperty({ example: 'USD', description: 'the currency asked (`currency`, `X-Currency`), else the store currency' }) currency: string;
}
