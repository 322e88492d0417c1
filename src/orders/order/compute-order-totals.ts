import Decimal from 'decimal.js';
import { currencyMinorUnits } from '../../config/currencies';
import { ZERO } from '../../common/money/money';
import { determineShipmentState, orderShippingFacts, ShipmentState } from '../../fulfilment/shipments/shipment-states';
import type { PaymentState } from '../../payments/payment/payment-states';
import { OrderPromotionsPlan, planOrderPromotions, PromotionAdjustmentRow } from '../adjustments/order-promotions';
import { ApplicableRate, preTaxAmount, storedPreTaxAmount, TaxCharge, taxCharges } from '../../tax/tax-rates/tax-calculator';

/*
 * The order's money math, as one pure function (no database, no Nest): what
 * OrderUpdater reads goes in (`OrderTotalsInput`), what it writes comes out
 * (`OrderTotals`). Spree's OrderUpdater#update with ItemAdjustments. Every
 * amount is rounded once, here, to the currency's minor units.
 */

/** A line item: its amount is price × quantity, exact. */
export interface TotalsLineItem {
  id: number;
  quantity: number;
  amount: Decimal;
  taxCategoryId: number | null;
}

/** A shipment: its amount is its selected shipping rate's cost (zero without one). */
export interface TotalsShipment {
  id: number;
  /** The cost it holds now (null: none yet). */
  cost: Decimal | null;
  amount: Decimal;
  taxCategoryId: number | null;
  state: ShipmentState;
  /** Some of its units wait for stock. */
  backordered: boolean;
}

/** Everything the order's derived fields come from. */
export interface OrderTotalsInput {
  /** ISO 4217 code: its minor units are the places every amount is rounded to. */
  currency: string;
  order: { state: string; completed: boolean; paymentState: string | null; shipmentState: string | null };
  /** The tax rates that apply to the order's tax address (the TaxProvider's answer). */
  rates: ApplicableRate[];
  lineItems: TotalsLineItem[];
  shipments: TotalsShipment[];
  /** The order's promotion adjustments, newest first (ORDER_PROMOTION_ROWS). */
  promotions: PromotionAdjustmentRow[];
  /** The shopper acts on the coupons or completes the order: an order at confirm is priced again (`shownAtConfirm`). */
  reprice?: boolean;
  /** The order's other eligible adjustments (credits, imported charges), summed. */
  otherOrderAdjustments: Decimal;
  /** The states of the order's payments, oldest first. */
  paymentStates: PaymentState[];
  /** What its completed payments took (credits negative). */
  paid: Decimal;
}

/** The taxes of one item (line item or shipment). */
export interface ItemTaxes {
  adjustableType: 'Spree::LineItem' | 'Spree::Shipment';
  id: number;
  charges: TaxCharge[];
  additional: Decimal;
  included: Decimal;
  /** The amount before included tax, as stored (4 places), or null when no included rate applies. */
  preTax: Decimal | null;
}

export interface OrderTotals {
  /** Decimal places of the amounts below (the currency's minor units). */
  places: number;
  itemTotal: Decimal;
  itemCount: number;
  shipmentTotal: Decimal;
  additionalTaxTotal: Decimal;
  includedTaxTotal: Decimal;
  /** Additional tax, the promotion discount and the order's other adjustments. */
  adjustmentTotal: Decimal;
  promoTotal: Decimal;
  paymentTotal: Decimal;
  total: Decimal;
  /** Line items first, then shipments, each in the input's order. */
  taxes: ItemTaxes[];
  promotions: OrderPromotionsPlan;
  /** The cost each shipment should hold (its selected rate's), and whether it holds something else now. */
  shipmentCosts: Array<{ id: number; cost: Decimal; changed: boolean }>;
  /** Each shipment's state (changed only once the order is complete). */
  shipmentStates: Array<{ id: number; state: ShipmentState; changed: boolean }>;
  paymentState: string | null;
  shipmentState: string | null;
}

const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/**
 * Spree's `update_payment_state` for a completed order: `failed` when every
 * payment failed, `void` when a canceled order has nothing left paid, else
 * what is outstanding says (`balance_due`, `paid`, `credit_owed`).
 */
export function orderPaymentState(order: { canceled: boolean }, states: readonly PaymentState[], total: Decimal, paymentTotal: Decimal): string {
  // Spree's `payments.valid` here: a voided payment still counts, only failed and invalid ones do not.
  if (states.length > 0 && states.every((s) => s === 'failed' || s === 'invalid')) return 'failed';
  if (states.length === 0 && order.canceled) return 'void';
  // Cancel voids what was paid or authorized, so nothing is left to pay or to give back.
  if (order.canceled && paymentTotal.isZero() && states.some((s) => s === 'completed' || s === 'void')) return 'void';
  const outstanding = order.canceled && states.includes('completed') ? paymentTotal.negated() : total.minus(paymentTotal);
  if (outstanding.isZero()) return 'paid';
  return outstanding.greaterThan(0) ? 'balance_due' : 'credit_owed';
}

/** Spree's `update_shipment_state`: `backorder` when any unit waits for stock, `partial` when shipments differ, else their one state. */
export function orderShipmentState(states: readonly ShipmentState[], backordered: boolean): string | null {
  if (backordered) return 'backorder';
  const distinct = new Set(states);
  if (distinct.size > 1) return 'partial';
  return distinct.size === 1 ? [...distinct][0] : null;
}

function itemTaxes(adjustableType: ItemTaxes['adjustableType'], item: TotalsLineItem | TotalsShipment, rates: ApplicableRate[], places: number): ItemTaxes {
  const charges = taxCharges(item, rates, places);
  return {
    adjustableType,
    id: item.id,
    charges,
    additional: sum(charges.filter((c) => !c.included).map((c) => c.amount)),
    included: sum(charges.filter((c) => c.included).map((c) => c.amount)),
    preTax: storedPreTaxAmount(preTaxAmount(item, rates)),
  };
}

/** The order's derived fields from what they come from: see OrderTotalsInput and OrderTotals. */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  const places = currencyMinorUnits(input.currency);
  const { order } = input;

  const taxes = [
    ...input.lineItems.map((li) => itemTaxes('Spree::LineItem', li, input.rates, places)),
    ...input.shipments.map((s) => itemTaxes('Spree::Shipment', s, input.rates, places)),
  ];
  const itemTotal = sum(input.lineItems.map((li) => li.amount));
  const shipmentTotal = sum(input.shipments.map((s) => s.amount));
  // Coupon discounts follow the item total; they are order adjustments, summed just below.
  const promotions = planOrderPromotions(input.promotions, order, itemTotal, { reprice: input.reprice, places, currency: input.currency });
  const additionalTaxTotal = sum(taxes.map((t) => t.additional));
  const includedTaxTotal = sum(taxes.map((t) => t.included));
  // Item and shipment adjustment totals hold their additional tax; the order's own eligible adjustments (the promotion
  // discount, and any other) add to it.
  const adjustmentTotal = additionalTaxTotal.plus(input.otherOrderAdjustments).plus(promotions.total);
  const total = itemTotal.plus(shipmentTotal).plus(adjustmentTotal);

  let paymentState = order.paymentState;
  let shipmentState = order.shipmentState;
  let shipmentStates = input.shipments.map((s) => ({ id: s.id, state: s.state, changed: false }));
  // Payment and shipment states move once the order is complete (before that the checkout owns them).
  if (order.completed) {
    paymentState = orderPaymentState({ canceled: order.state === 'canceled' }, input.paymentStates, total, input.paid);
    const facts = orderShippingFacts({ state: order.state, paymentState });
    shipmentStates = input.shipments.map((s) => {
      const state = determineShipmentState(s.state, facts, s.backordered);
      return { id: s.id, state, changed: state !== s.state };
    });
    shipmentState = orderShipmentState(
      shipmentStates.map((s) => s.state),
      input.shipments.some((s) => s.backordered),
    );
  }

  return {
    places,
    itemTotal,
    itemCount: input.lineItems.reduce((n, li) => n + li.quantity, 0),
    shipmentTotal,
    additionalTaxTotal,
    includedTaxTotal,
    adjustmentTotal,
    promoTotal: promotions.total,
    paymentTotal: input.paid,
    total,
    taxes,
    promotions,
    shipmentCosts: input.shipments.map((s) => ({ id: s.id, cost: s.amount, changed: s.cost === null || !s.cost.equals(s.amount) })),
    shipmentStates,
    paymentState,
    shipmentState,
  };
}
