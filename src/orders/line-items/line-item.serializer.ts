import { ApiProperty } from '@nestjs/swagger';
import { decimal, displayMoney, moneyIn } from '../../common/money/money';
import { VariantSmallJson } from '../../catalog/variants/variant.serializer';
import { AdjustmentJson } from '../adjustments/adjustment.serializer';
import { LineItem } from './entities/line-item.entity';

/** The variant inside a line item: variants/small + product_id. */
export class LineItemVariantJson extends VariantSmallJson {
  @ApiProperty({ type: 'integer' }) product_id: number;
}

/** Spree's line_items/show.v1.rabl. */
export class LineItemJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', example: 2 }) quantity: number;
  @ApiProperty({ example: '15.99', description: 'Unit price' }) price: string;
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ example: '$15.99' }) single_display_amount: string;
  @ApiProperty({ example: '$31.98', description: 'price × quantity' }) display_amount: string;
  @ApiProperty({ example: '31.98', description: 'price × quantity' }) total: string;
  @ApiProperty({ example: '$31.98' }) display_total: string;
  @ApiProperty({ type: LineItemVariantJson }) variant: LineItemVariantJson;
  @ApiProperty({ type: [AdjustmentJson] }) adjustments: AdjustmentJson[];
}

export function serializeLineItem(item: LineItem, variant: LineItemVariantJson, adjustments: AdjustmentJson[]): LineItemJson {
  const amount = decimal(item.price).times(item.quantity);
  return {
    id: item.id,
    quantity: item.quantity,
    price: moneyIn(item.price, item.currency),
    variant_id: item.variantId,
    single_display_amount: displayMoney(item.price, item.currency),
    display_amount: displayMoney(amount, item.currency),
    total: moneyIn(amount, item.currency),
    display_total: displayMoney(amount, item.currency),
    variant,
    adjustments,
  };
}
