import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { decimal, displayMoney, moneyIn } from '../../common/money/money';
import { AddressJson } from '../../geography/addresses/address.serializer';
import { ShipmentJson } from '../../fulfilment/shipments/shipment.serializer';
import { AvailablePaymentMethodJson, CreditCardJson, PaymentJson } from '../../payments/payment/payment.serializer';
import { AdjustmentJson } from '../adjustments/adjustment.serializer';
import { CheckoutStep } from './order-states';
import { LineItemJson } from '../line-items/line-item.serializer';
import { Order } from './entities/order.entity';

class OrderPermissionsJson {
  @ApiProperty({ description: 'Whether the caller may change this order' }) can_update: boolean;
}

const money = (example: string) => ({ example, type: String });

/** Spree's orders/order.v1.rabl: the order's own attributes (the admin index shows these only). */
export class OrderSummaryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'R123456789' }) number: string;
  @ApiProperty(money('31.98')) item_total: string;
  @ApiProperty(money('36.98')) total: string;
  @ApiProperty(money('5.00')) ship_total: string;
  @ApiProperty({ example: 'cart', enum: ['cart', 'address', 'delivery', 'payment', 'confirm', 'complete', 'canceled', 'returned', 'awaiting_return', 'resumed'] })
  state: string;
  @ApiProperty(money('0.00')) adjustment_total: string;
  @ApiProperty({ type: 'integer', nullable: true }) user_id: number | null;
  @ApiProperty() created_at: Date;
  @ApiProperty() updated_at: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at: Date | null;
  @ApiProperty(money('0.00')) payment_total: string;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['pending', 'ready', 'shipped', 'canceled', 'partial', 'backorder'],
    description: "Set once the order is complete: its shipments' state when they agree, else `partial`; `backorder` while a unit waits for stock",
    example: 'pending',
  })
  shipment_state: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['balance_due', 'paid', 'credit_owed', 'failed', 'void'], description: 'Set once the order is complete', example: 'balance_due' })
  payment_state: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'shopper@example.com' }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) special_instructions: string | null;
  @ApiProperty({ example: 'spree' }) channel: string;
  @ApiProperty(money('0.00')) included_tax_total: string;
  @ApiProperty(money('0.00')) additional_tax_total: string;
  @ApiProperty({ example: '$0.00' }) display_included_tax_total: string;
  @ApiProperty({ example: '$0.00' }) display_additional_tax_total: string;
  @ApiProperty(money('0.00')) tax_total: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '$31.98' }) display_item_total: string;
  @ApiProperty({ type: 'integer', example: 2 }) total_quantity: number;
  @ApiProperty({ example: '$36.98' }) display_total: string;
  @ApiProperty({ example: '$5.00' }) display_ship_total: string;
  @ApiProperty({ example: '$0.00' }) display_tax_total: string;
  @ApiProperty({ example: '$0.00' }) display_adjustment_total: string;
  @ApiProperty({ description: 'The order token: send it as order_token (or X-Spree-Order-Token) to read and change a guest order' }) token: string;
  @ApiProperty({ example: ['address', 'delivery', 'payment', 'confirm', 'complete'], type: [String] }) checkout_steps: CheckoutStep[];
}

/** Spree's orders/show.v1.rabl: summary + addresses, line items, payments, shipments, adjustments, cards. */
export class OrderJson extends OrderSummaryJson {
  @ApiProperty({ type: AddressJson, nullable: true }) bill_address: AddressJson | null;
  @ApiProperty({ type: AddressJson, nullable: true }) ship_address: AddressJson | null;
  @ApiProperty({ type: [LineItemJson] }) line_items: LineItemJson[];
  @ApiProperty({ type: [PaymentJson] }) payments: PaymentJson[];
  @ApiProperty({ type: [ShipmentJson] }) shipments: ShipmentJson[];
  @ApiProperty({ type: [AdjustmentJson], description: 'Adjustments on the order itself (item and shipment taxes are on those)' }) adjustments: AdjustmentJson[];
  @ApiProperty({ type: [CreditCardJson] }) credit_cards: CreditCardJson[];
  @ApiProperty({ type: OrderPermissionsJson }) permissions: OrderPermissionsJson;
  @ApiPropertyOptional({ type: [AvailablePaymentMethodJson], description: 'Only while the order is at the payment step' })
  payment_methods?: AvailablePaymentMethodJson[];
}

/** `token`: the order's token, opened from its sealed column by the caller (order-token.ts). */
export function serializeOrderSummary(order: Order, checkoutSteps: CheckoutStep[], token: string): OrderSummaryJson {
  const c = order.currency;
  const taxTotal = decimal(order.includedTaxTotal).plus(order.additionalTaxTotal);
  return {
    id: order.id,
    number: order.number,
    item_total: moneyIn(order.itemTotal, c),
    total: moneyIn(order.total, c),
    ship_total: moneyIn(order.shipmentTotal, c),
    state: order.state,
    adjustment_total: moneyIn(order.adjustmentTotal, c),
    user_id: order.userId,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    completed_at: order.completedAt,
    payment_total: moneyIn(order.paymentTotal, c),
    shipment_state: order.shipmentState,
    payment_state: order.paymentState,
    email: order.email,
    special_instructions: order.specialInstructions,
    channel: order.channel,
    included_tax_total: moneyIn(order.includedTaxTotal, c),
    additional_tax_total: moneyIn(order.additionalTaxTotal, c),
    display_included_tax_total: displayMoney(order.includedTaxTotal, c),
    display_additional_tax_total: displayMoney(order.additionalTaxTotal, c),
    tax_total: moneyIn(taxTotal, c),
    currency: c,
    display_item_total: displayMoney(order.itemTotal, c),
    total_quantity: order.itemCount,
    display_total: displayMoney(order.total, c),
    display_ship_total: displayMoney(order.shipmentTotal, c),
    display_tax_total: displayMoney(taxTotal, c),
    display_adjustment_total: displayMoney(order.adjustmentTotal, c),
    token,
    checkout_steps: checkoutSteps,
  };
}
