import { ApiProperty } from '@nestjs/swagger';
import { CurrencyMoneyField, DateTimeField, DecimalField, IntegerField, StringField } from '../../../common/params/fields';
import { STORE_CURRENCY_OR_BLANK } from '../../../common/http/request-currency';
import { DISCOUNT_TYPES, DiscountType } from '../entities/promotion.entity';

const DISCOUNT_TYPE =
  '`flat_rate`: `amount` off the order; `flat_percent_item_total`: `percent` of the item total off the order. The value of the other kind is ignored.';
const AMOUNT =
  "For flat_rate: the discount, at least 0, with at most `currency`'s decimal places (2 for USD and EUR, 0 for JPY). Never more than the order’s item total.";
const CURRENCY =
  "The currency of `amount` (Spree's calculator `preferred_currency`): one the store sells in (SUPPORTED_CURRENCIES; default the store currency). " +
  'A flat_rate discount applies only to orders in it (its coupon is refused on an order in another currency as not eligible); a percent applies in any currency.';
const PERCENT = 'For flat_percent_item_total: from 0 to 100, up to 2 decimals. The discount is rounded half up to the order currency’s minor unit (the cent; the yen).';

/** `promotion[...]` when creating. */
export class CreatePromotionDto {
  @StringField({ required: true, maxLength: 255, example: '10% off' }) name: string;
  @StringField({ maxLength: 255, example: 'Ten percent off the whole order' }) description?: string | null;
  @StringField({ required: true, maxLength: 255, example: '10off', description: 'The coupon code; unique, matched without regard to case or surrounding spaces.' }) code: string;
  @DateTimeField({ description: 'From when the code may be used (no start when null).' }) starts_at?: Date | null;
  @DateTimeField({ description: 'Until when the code may be used; later than starts_at (no end when null).' }) expires_at?: Date | null;
  @IntegerField({ description: 'How many completed orders may use it; above 0, or null for no limit.' }) usage_limit?: number | null;
  @StringField({ required: true, maxLength: 32, description: DISCOUNT_TYPE })
  @ApiProperty({ enum: DISCOUNT_TYPES, required: true, description: DISCOUNT_TYPE, type: 'string', example: 'flat_percent_item_total' })
  discount_type: DiscountType;
  @CurrencyMoneyField({ description: AMOUNT, example: '5.00' }) amount?: string | null;
  @StringField({ maxLength: 3, blank: 'absent', pattern: STORE_CURRENCY_OR_BLANK, description: CURRENCY, example: 'USD' }) currency?: string;
  @DecimalField({ decimals: 2, description: PERCENT, example: '10' }) percent?: string | null;
}

/** `promotion[...]` when updating: only what is sent changes. */
export class UpdatePromotionDto {
  @StringField({ nullable: false, maxLength: 255, example: '10% off' }) name?: string | null;
  @StringField({ maxLength: 255, example: 'Ten percent off the whole order' }) description?: string | null;
  @StringField({ nullable: false, maxLength: 255, example: '10off', description: 'The coupon code; unique, matched without regard to case or surrounding spaces.' }) code?: string | null;
  @DateTimeField({ description: 'From when the code may be used (no start when null).' }) starts_at?: Date | null;
  @DateTimeField({ description: 'Until when the code may be used; later than starts_at (no end when null).' }) expires_at?: Date | null;
  @IntegerField({ description: 'How many completed orders may use it; above 0, or null for no limit.' }) usage_limit?: number | null;
  @StringField({ maxLength: 32, description: DISCOUNT_TYPE })
  @ApiProperty({ enum: DISCOUNT_TYPES, required: false, nullable: true, description: DISCOUNT_TYPE, type: 'string', example: 'flat_rate' })
  discount_type?: DiscountType | null;
  @CurrencyMoneyField({ description: AMOUNT, example: '5.00' }) amount?: string | null;
  @StringField({ maxLength: 3, blank: 'absent', pattern: STORE_CURRENCY_OR_BLANK, description: CURRENCY, example: 'USD' }) currency?: string;
  @DecimalField({ decimals: 2, description: PERCENT, example: '10' }) percent?: string | null;
}

/** `coupon_code` (query or body) of PUT /api/orders/:number/apply_coupon_code. */
export class ApplyCouponCodeDto {
  @StringField({ example: '10off', description: 'The coupon code, in any case.' }) coupon_code?: string | null;
}
