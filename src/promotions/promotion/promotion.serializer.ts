import { ApiProperty } from '@nestjs/swagger';
import { displayMoney, moneyIn, moneyString } from '../../common/money/money';
import { DISCOUNT_TYPES, DiscountType, Promotion } from './entities/promotion.entity';

/** A promotion as admins see it (Spree 2.2 has no promotion API: its promotion attributes, flattened with the one discount). */
export class PromotionJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: '10% off' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'Ten percent off the whole order' }) description: string | null;
  @ApiProperty({ example: '10off' }) code: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) starts_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at: Date | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 100, description: 'How many completed orders may use it; null: no limit' }) usage_limit: number | null;
  @ApiProperty({ type: 'integer', example: 3, description: 'Completed (not canceled) orders that got its discount' }) usage_count: number;
  @ApiProperty({ enum: DISCOUNT_TYPES, example: 'flat_percent_item_total' }) discount_type: DiscountType;
  @ApiProperty({ type: String, format: 'decimal', nullable: true, example: null, description: 'The flat discount (flat_rate), else null' }) amount: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Formatted amount (flat_rate), else null' }) display_amount: string | null;
  @ApiProperty({ example: 'USD', description: 'The currency of `amount`: a flat_rate discount applies only to orders in it' }) currency: string;
  @ApiProperty({ type: String, nullable: true, example: '10.00', description: 'Percent of the item total (flat_percent_item_total), else null' }) percent: string | null;
  @ApiProperty() created_at: Date;
  @ApiProperty() updated_at: Date;
}

export function serializePromotion(p: Promotion, usageCount: number, currency: string): PromotionJson {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    code: p.code,
    starts_at: p.startsAt,
    expires_at: p.expiresAt,
    usage_limit: p.usageLimit,
    usage_count: usageCount,
    discount_type: p.discountType,
    amount: p.amount === null ? null : moneyIn(p.amount, currency),
    display_amount: p.amount === null ? null : displayMoney(p.amount, currency),
    currency,
    percent: p.percent === null ? null : moneyString(p.percent, 2),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** Spree's promotions/handler.v1.rabl: what became of a coupon code. */
export class CouponCodeResultJson {
  @ApiProperty({ type: String, nullable: true, example: 'The coupon code was successfully applied to your order.', description: 'null when refused' })
  success: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why the code was refused; null when applied' })
  error: string | null;
  @ApiProperty({ description: 'true when applied (status 200), false when refused (status 422)' }) successful: boolean;
}
