import { ApiProperty } from '@nestjs/swagger';
import { moneyIn, moneyString } from '../../common/money/money';
import { CALCULATOR_TYPES, DISPLAY_ON } from './dto/shipping-method.dto';
import { ShippingMethod } from './entities/shipping-method.entity';

export class ShippingMethodZoneJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'North America' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'USA + Canada' }) description: string | null;
}

export class ShippingMethodCategoryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Default' }) name: string;
}

export class ShippingCalculatorPreferencesJson {
  @ApiProperty({
    example: '5.00',
    description: 'Decimal string: the amount per order (flat_rate), per item (per_item), or the percent of the item total (flat_percent_item_total).',
  })
  amount: string;
  @ApiProperty({ example: 'USD', description: 'Currency of the amount (`calculator_currency`): the method is offered only to orders in it.' }) currency: string;
}

export class ShippingCalculatorJson {
  @ApiProperty({ enum: CALCULATOR_TYPES, example: 'flat_rate' }) type: string;
  @ApiProperty({ type: ShippingCalculatorPreferencesJson }) preferences: ShippingCalculatorPreferencesJson;
}

export class ShippingMethodJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'UPS Ground' }) name: string;
  @ApiProperty({ type: String, nullable: true }) admin_name: string | null;
  @ApiProperty({ type: String, nullable: true }) code: string | null;
  @ApiProperty({ type: String, nullable: true, enum: DISPLAY_ON }) display_on: string | null;
  @ApiProperty({ type: String, nullable: true }) tracking_url: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) tax_category_id: number | null;
  @ApiProperty({ type: ShippingCalculatorJson }) calculator: ShippingCalculatorJson;
  @ApiProperty({ type: [ShippingMethodZoneJson] }) zones: ShippingMethodZoneJson[];
  @ApiProperty({ type: [ShippingMethodCategoryJson] }) shipping_categories: ShippingMethodCategoryJson[];
}

/** Expects `zones` and `shippingCategories` loaded. */
export function serializeShippingMethod(method: ShippingMethod): ShippingMethodJson {
  const byId = <T extends { id: number }>(list: T[] | undefined) => [...(list ?? [])].sort((a, b) => a.id - b.id);
  return {
    id: method.id,
    name: method.name,
    admin_name: method.adminName,
    code: method.code,
    display_on: method.displayOn,
    tracking_url: method.trackingUrl,
    tax_category_id: method.taxCategoryId,
    calculator: { type: method.calculatorType, preferences: { amount: method.calculatorType === 'flat_percent_item_total' ? moneyString(method.calculatorAmount, 2) : moneyIn(method.calculatorAmount, method.calculatorCurrency), currency: method.calculatorCurrency } },
    zones: byId(method.zones).map((z) => ({ id: z.id, name: z.name, description: z.description })),
    shipping_categories: byId(method.shippingCategories).map((c) => ({ id: c.id, name: c.name })),
  };
}
