import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EMAIL_OR_BLANK_PATTERN } from '../../../common/params/email';
import { BooleanField, IntegerField, CurrencyMoneyField, StringField, TextField } from '../../../common/params/fields';
import { STORE_CURRENCY_OR_BLANK } from '../../../common/http/request-currency';
import { STOCK } from '../../line-items/dto/line-item.dto';
import { NewAddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';
import { PaymentSourceDto } from '../../../payments/payment/dto/payment-source.dto';

/** A line item in `order[line_items]`: new (variant_id, quantity) or existing (id, quantity). */
export class OrderLineItemDto {
  @IntegerField({ minimum: 1, blank: 'absent', description: 'An existing line item of this order, to change its quantity (blank: a new line item)' }) id?: number;
  @IntegerField({ nullable: false, minimum: 1 }) variant_id?: number | null;
  @IntegerField({ minimum: 1, blank: 'absent', description: `Defaults to 1 for a new line item; when blank an existing one keeps its quantity${STOCK}` }) quantity?: number;
  @CurrencyMoneyField({ minimum: 0, blank: 'absent', description: 'Admins only; ignored for anyone else' }) price?: string;
}

/** The order's own attributes a caller may set. */
export class OrderAttributesDto {
  @StringField({ pattern: EMAIL_OR_BLANK_PATTERN, example: 'shopper@example.com' }) email?: string | null;
  @TextField() special_instructions?: string | null;
  @BooleanField({ blank: 'absent', description: 'Ship to the billing address (copies it)' }) use_billing?: boolean;
  @IntegerField({
    minimum: 1,
    blank: 'absent',
    description: "An address of the order's user's address book (`/api/users/{id}/addresses`) to bill to: the order takes a copy. The user or an admin only; any other address: 422",
  })
  bill_address_id?: number;
  @IntegerField({ minimum: 1, blank: 'absent', description: "An address of the order's user's address book to ship to: the order takes a copy (as `bill_address_id`)" })
  ship_address_id?: number;
  @IntegerField({ minimum: 1, blank: 'refused', description: 'Admins only: the user the order belongs to' }) user_id?: number;
  @StringField({ blank: 'refused', description: 'Admins only', example: 'spree' }) channel?: string;
  @StringField({
    maxLength: 3,
    blank: 'absent',
    pattern: STORE_CURRENCY_OR_BLANK,
    description:
      "The order's currency, in any case: one the store sells in (SUPPORTED_CURRENCIES, listed by GET /api/config); the store currency (CURRENCY) when absent. " +
      'Its line items are priced in it (a variant without a price in it is refused), and its shipping rates, discounts, taxes, payments and refunds are in it, ' +
      "with its decimals. It may change only while the order has no line items (as Spree's line items keep their order's currency): otherwise 422 on `currency`.",
    example: 'EUR',
  })
  currency?: string;
  @StringField({
    description: 'PUT /api/checkouts/:number only: applies a coupon code as PUT /api/orders/:number/apply_coupon_code does. A refused code answers 422 with its text and nothing is saved.',
    example: 'SAVE10',
  })
  coupon_code?: string | null;
}

export class ShipmentRateChoiceDto {
  @IntegerField({ required: true, minimum: 1, description: 'Shipment id' }) id: number;
  @IntegerField({ required: true, minimum: 1, description: "One of the shipment's shipping_rates ids" }) selected_shipping_rate_id: number;
}

export class PaymentParamsDto {
  @IntegerField({ required: true, minimum: 1 }) payment_method_id: number;
  @ApiPropertyOptional({ type: PaymentSourceDto, description: 'Card fields (or send payment_source keyed by payment_method_id)' })
  source_attributes?: PaymentSourceDto;
}

/** `order[...]` of order create and update (documentation of the accepted shape). */
export class OrderParamsDto extends OrderAttributesDto {
  @ApiPropertyOptional({ type: [OrderLineItemDto], description: 'A list, or a hash keyed "0", "1", …; also accepted as line_items_attributes' })
  line_items?: OrderLineItemDto[];
  @ApiPropertyOptional({ type: NewAddressParamsDto, description: 'Also accepted as bill_address_attributes' }) bill_address?: NewAddressParamsDto;
  @ApiPropertyOptional({ type: NewAddressParamsDto, description: 'Also accepted as ship_address_attributes' }) ship_address?: NewAddressParamsDto;
}

/** `order[...]` of PUT /api/checkouts/:number. */
export class CheckoutOrderParamsDto extends OrderParamsDto {
  @ApiPropertyOptional({ type: [ShipmentRateChoiceDto], description: 'One entry per shipment; a list or a hash keyed "0", "1", …' })
  shipments_attributes?: ShipmentRateChoiceDto[];
  @ApiPropertyOptional({ type: [PaymentParamsDto], description: 'A list, or (2-2-stable) a single object' }) payments_attributes?: PaymentParamsDto[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/PaymentSourceDto' },
    description: '2-2-stable form: card fields keyed by payment_method_id, inside order',
  })
  payment_source?: Record<string, PaymentSourceDto>;
  @ApiPropertyOptional({ type: String, description: 'Pay with a card saved on an earlier order of the same user (its id)' }) existing_card?: string;
}

export class CheckoutBodyDto {
  @ApiProperty({ type: CheckoutOrderParamsDto, required: false }) order?: CheckoutOrderParamsDto;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/PaymentSourceDto' },
    description: 'Card fields keyed by payment_method_id',
  })
  payment_source?: Record<string, PaymentSourceDto>;
  @ApiPropertyOptional({ type: String }) existing_card?: string;
  @ApiPropertyOptional({ type: String, description: 'Go back to an earlier checkout step (e.g. "address") before applying the changes; refused (422) for a completed order' }) state?: string;
  @ApiPropertyOptional({ type: String }) order_token?: string;
}

export class OrderBodyDto {
  @ApiProperty({ type: OrderParamsDto, required: false }) order?: OrderParamsDto;
  @ApiPropertyOptional({ type: String }) order_token?: string;
}
