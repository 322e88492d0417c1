import Decimal from 'decimal.js';
import type { ShipmentState } from '../../fulfilment/shipments/shipment-states';
import type { PaymentState } from '../../payments/payment/payment-states';
import type { PromotionAdjustmentRow } from '../adjustments/order-promotions';
import type { ApplicableRate } from '../../tax/tax-rates/tax-calculator';
import { computeOrderTotals, OrderTotals, OrderTotalsInput, orderPaymentState, orderShipmentState, TotalsLineItem, TotalsShipment } from './compute-order-totals';

const d = (v: Decimal.Value) => new Decimal(v);

const CLOTHING = 1;
const FOOD = 2;
const SHIPPING = 3;

function rate(id: number, amount: string, o: { category?: number; included?: boolean; name?: string } = {}): ApplicableRate {
  return {
    id,
    name: o.name ?? `Rate ${id}`,
    amount: d(amount),
    taxCategoryId: o.category ?? CLOTHING,
    taxCategoryName: 'Clothing',
    includedInPrice: o.included ?? false,
    showRateInLabel: false,
  };
}

function item(id: number, price: string, quantity = 1, taxCategoryId: number | null = CLOTHING): TotalsLineItem {
  return { id, quantity, amount: d(price).times(quantity), taxCategoryId };
}

function shipment(
  id: number,
  amount: string,
  o: { category?: number | null; cost?: string | null; state?: ShipmentState; backordered?: boolean } = {},
): TotalsShipment {
  return {
    id,
    amount: d(amount),
    cost: o.cost === undefined ? d(amount) : o.cost === null ? null : d(o.cost),
    taxCategoryId: o.category === undefined ? null : o.category,
    state: o.state ?? 'pending',
    backordered: o.backordered ?? false,
  };
}

function promotion(id: number, terms: { flat?: string; percent?: string }, o: Partial<PromotionAdjustmentRow> = {}): PromotionAdjustmentRow {
  return {
    id,
    amount: '0.00',
    eligible: true,
    state: 'open',
    label: `Promotion (Promo ${id})`,
    promotion_id: id,
    name: `Promo ${id}`,
    discount_type: terms.flat !== undefined ? 'flat_rate' : 'flat_percent_item_total',
    flat_amount: terms.flat ?? null,
    percent: terms.percent ?? null,
    active: true,
    used_up: false,
    ...o,
  };
}

function compute(o: Partial<OrderTotalsInput> & { state?: string; completed?: boolean } = {}): OrderTotals {
  const { state, completed, ...rest } = o;
  return computeOrderTotals({
    currency: 'USD',
    order: { state: state ?? 'cart', completed: completed ?? false, paymentState: null, shipmentState: null },
    rates: [],
    lineItems: [],
    shipments: [],
    promotions: [],
    otherOrderAdjustments: d(0),
    paymentStates: [],
    paid: d(0),
    ...rest,
  });
}

/** The amounts of a result as strings with the currency's places: what the updater writes. */
const money = (t: OrderTotals) => ({
  itemTotal: t.itemTotal.toFixed(t.places),
  shipmentTotal: t.shipmentTotal.toFixed(t.places),
  additionalTaxTotal: t.additionalTaxTotal.toFixed(t.places),
  includedTaxTotal: t.includedTaxTotal.toFixed(t.places),
  adjustmentTotal: t.adjustmentTotal.toFixed(t.places),
  promoTotal: t.promoTotal.toFixed(t.places),
  total: t.total.toFixed(t.places),
});
const charges = (t: OrderTotals, index: number) => t.taxes[index].charges.map((c) => [c.rate.id, c.amount.toFixed(t.places), c.included]);

/** A completed order of total 22.00 (20.00 of items, 10% tax), with these payments. */
const completed = (o: Partial<OrderTotalsInput> & { state?: string } = {}) =>
  compute({ completed: true, state: 'complete', lineItems: [item(1, '10.00', 2)], rates: [rate(1, '0.1')], shipments: [shipment(1, '0.00')], ...o });

describe('computeOrderTotals', () => {
  describe('items', () => {
    it('an empty order totals zero', () => {
      const t = compute();
      expect(money(t)).toEqual({ itemTotal: '0.00', shipmentTotal: '0.00', additionalTaxTotal: '0.00', includedTaxTotal: '0.00', adjustmentTotal: '0.00', promoTotal: '0.00', total: '0.00' });
      expect(t.itemCount).toBe(0);
      expect(t.taxes).toEqual([]);
    });

    it('sums price × quantity and counts the units', () => {
      const t = compute({ lineItems: [item(1, '19.99', 2), item(2, '5.00', 1)] });
      expect(money(t).itemTotal).toBe('44.98');
      expect(t.itemCount).toBe(3);
      expect(money(t).total).toBe('44.98');
    });
  });

  describe('taxes', () => {
    it('adds tax not included in the price to the total', () => {
      const t = compute({ lineItems: [item(1, '10.00', 2)], rates: [rate(1, '0.1')] });
      expect(charges(t, 0)).toEqual([[1, '2.00', false]]);
      expect(money(t)).toMatchObject({ additionalTaxTotal: '2.00', includedTaxTotal: '0.00', adjustmentTotal: '2.00', total: '22.00' });
      expect(t.taxes[0].preTax).toBeNull();
    });

    it('keeps tax included in the price out of the total, and stores the pre-tax amount', () => {
      const t = compute({ lineItems: [item(1, '12.00')], rates: [rate(1, '0.2', { included: true })] });
      expect(charges(t, 0)).toEqual([[1, '2.00', true]]);
      expect(money(t)).toMatchObject({ includedTaxTotal: '2.00', additionalTaxTotal: '0.00', adjustmentTotal: '0.00', total: '12.00' });
      expect(t.taxes[0].preTax!.toFixed()).toBe('10');
    });

    it('divides once by the sum of several included rates', () => {
      const t = compute({ lineItems: [item(1, '11.50')], rates: [rate(1, '0.1', { included: true }), rate(2, '0.05', { included: true })] });
      expect(charges(t, 0)).toEqual([
        [1, '1.00', true],
        [2, '0.50', true],
      ]);
      expect(t.taxes[0].preTax!.toFixed(4)).toBe('10.0000');
      expect(money(t).total).toBe('11.50');
    });

    it('adds an additional rate on the whole amount beside an included one', () => {
      const t = compute({ lineItems: [item(1, '12.00')], rates: [rate(1, '0.2', { included: true }), rate(2, '0.05')] });
      expect(charges(t, 0)).toEqual([
        [1, '2.00', true],
        [2, '0.60', false],
      ]);
      expect(money(t)).toMatchObject({ includedTaxTotal: '2.00', additionalTaxTotal: '0.60', total: '12.60' });
    });

    it("leaves an item alone that another category's rate does not tax", () => {
      const t = compute({ lineItems: [item(1, '10.00', 1, FOOD)], rates: [rate(1, '0.1', { category: CLOTHING })] });
      expect(t.taxes[0].charges).toEqual([]);
      expect(money(t).total).toBe('10.00');
    });

    it('leaves an item without tax category untaxed', () => {
      const t = compute({ lineItems: [item(1, '10.00', 1, null)], rates: [rate(1, '0.1')] });
      expect(t.taxes[0].charges).toEqual([]);
    });

    it('taxes each category by its own rate', () => {
      const t = compute({ lineItems: [item(1, '10.00', 1, CLOTHING), item(2, '20.00', 1, FOOD)], rates: [rate(1, '0.1'), rate(2, '0.05', { category: FOOD })] });
      expect(charges(t, 0)).toEqual([[1, '1.00', false]]);
      expect(charges(t, 1)).toEqual([[2, '1.00', false]]);
      expect(money(t)).toMatchObject({ additionalTaxTotal: '2.00', total: '32.00' });
    });

    it('adds up several rates of one zone on the same item (state and county)', () => {
      const t = compute({ lineItems: [item(1, '100.00')], rates: [rate(1, '0.06'), rate(2, '0.0125')] });
      expect(money(t)).toMatchObject({ additionalTaxTotal: '7.25', total: '107.25' });
    });

    it('leaves out a charge that rounds to zero', () => {
      const t = compute({ lineItems: [item(1, '0.04')], rates: [rate(1, '0.1')] });
      expect(t.taxes[0].charges).toEqual([]);
      expect(money(t).additionalTaxTotal).toBe('0.00');
    });
  });

  describe('rounding', () => {
    it('rounds a charge half up to cents', () => {
      const t = compute({ lineItems: [item(1, '0.05')], rates: [rate(1, '0.1')] });
      expect(charges(t, 0)).toEqual([[1, '0.01', false]]);
    });

    it('rounds each item, not the order (three 0.015 charges are 0.06)', () => {
      const t = compute({ lineItems: [item(1, '0.15'), item(2, '0.15'), item(3, '0.15')], rates: [rate(1, '0.1')] });
      expect(money(t).additionalTaxTotal).toBe('0.06');
    });

    it('computes included tax from the exact pre-tax amount and stores that amount to 4 places', () => {
      const t = compute({ lineItems: [item(1, '10.00')], rates: [rate(1, '0.07', { included: true })] });
      expect(t.taxes[0].preTax!.toFixed()).toBe('9.3458');
      expect(charges(t, 0)).toEqual([[1, '0.65', true]]);
    });

    it('rounds the stored pre-tax amount half up at the fifth place', () => {
      // 0.01 / 1.6 = 0.00625
      const t = compute({ lineItems: [item(1, '0.01')], rates: [rate(1, '0.6', { included: true })] });
      expect(t.taxes[0].preTax!.toFixed()).toBe('0.0063');
    });

    it('rounds a percent discount half up to cents', () => {
      // 15% of 33.33 = 4.9995
      const t = compute({ lineItems: [item(1, '33.33')], promotions: [promotion(1, { percent: '15' })] });
      expect(money(t).promoTotal).toBe('-5.00');
    });
  });

  describe('shipping', () => {
    it('adds the shipments and the tax of their shipping category', () => {
      const t = compute({ lineItems: [item(1, '10.00')], shipments: [shipment(1, '5.00', { category: SHIPPING })], rates: [rate(1, '0.1', { category: SHIPPING })] });
      expect(charges(t, 1)).toEqual([[1, '0.50', false]]);
      expect(t.taxes[1]).toMatchObject({ adjustableType: 'Spree::Shipment', id: 1 });
      expect(money(t)).toMatchObject({ shipmentTotal: '5.00', additionalTaxTotal: '0.50', total: '15.50' });
    });

    it('leaves a shipping method without tax category untaxed', () => {
      const t = compute({ shipments: [shipment(1, '5.00')], rates: [rate(1, '0.1')] });
      expect(t.taxes[0].charges).toEqual([]);
      expect(money(t).total).toBe('5.00');
    });

    it("says which shipments hold another cost than their selected rate's", () => {
      const t = compute({ shipments: [shipment(1, '5.00'), shipment(2, '5.00', { cost: '4.00' }), shipment(3, '5.00', { cost: null })] });
      expect(t.shipmentCosts.map((s) => [s.id, s.cost.toFixed(2), s.changed])).toEqual([
        [1, '5.00', false],
        [2, '5.00', true],
        [3, '5.00', true],
      ]);
    });
  });

  describe('promotions', () => {
    it('takes a flat amount off', () => {
      const t = compute({ lineItems: [item(1, '50.00')], promotions: [promotion(7, { flat: '10' })] });
      expect(money(t)).toMatchObject({ promoTotal: '-10.00', adjustmentTotal: '-10.00', total: '40.00' });
      expect(t.promotions.update).toEqual([{ id: 7, amount: '-10.00', eligible: true, label: 'Promotion (Promo 7)' }]);
    });

    it('takes a percent of the item total over all items and their quantities', () => {
      // 10% of 19.99 × 3 + 5.01 = 64.98
      const t = compute({ lineItems: [item(1, '19.99', 3), item(2, '5.01')], promotions: [promotion(1, { percent: '10' })] });
      expect(money(t)).toMatchObject({ promoTotal: '-6.50', total: '58.48' });
    });

    it('never takes more than the item total, and never the shipping', () => {
      const t = compute({ lineItems: [item(1, '30.00')], shipments: [shipment(1, '5.00')], promotions: [promotion(1, { flat: '100' })] });
      expect(money(t)).toMatchObject({ promoTotal: '-30.00', total: '5.00' });
    });

    it('counts only the best eligible discount; the others stay, not eligible', () => {
      const t = compute({ lineItems: [item(1, '50.00')], promotions: [promotion(2, { flat: '5' }), promotion(1, { percent: '20' })] });
      expect(money(t).promoTotal).toBe('-10.00');
      expect(t.promotions.update.map((u) => [u.id, u.amount, u.eligible])).toEqual([
        [2, '-5.00', false],
        [1, '-10.00', true],
      ]);
    });

    it('gives nothing for a promotion out of its dates or used up', () => {
      const t = compute({ lineItems: [item(1, '50.00')], promotions: [promotion(1, { flat: '5' }, { active: false }), promotion(2, { flat: '8' }, { used_up: true })] });
      expect(money(t).promoTotal).toBe('0.00');
      expect(t.promotions.update.every((u) => !u.eligible)).toBe(true);
    });

    it('removes a discount whose promotion is gone', () => {
      const t = compute({ lineItems: [item(1, '50.00')], promotions: [promotion(3, { flat: '5' }, { promotion_id: null, amount: '-5.00' })] });
      expect(t.promotions.remove).toEqual([3]);
      expect(money(t).promoTotal).toBe('0.00');
    });

    it('keeps the discounts shown at confirm, unless asked to price again', () => {
      const shown = promotion(1, { flat: '10' }, { amount: '-3.00' });
      const atConfirm = { state: 'confirm', lineItems: [item(1, '50.00')], promotions: [shown] };
      expect(money(compute(atConfirm)).promoTotal).toBe('-3.00');
      expect(compute(atConfirm).promotions.update).toEqual([]);
      expect(money(compute({ ...atConfirm, reprice: true })).promoTotal).toBe('-10.00');
    });

    it('closes the discounts of a completed order and keeps them as they were', () => {
      const t = completed({ promotions: [promotion(1, { flat: '10' }, { amount: '-2.00' }), promotion(2, { flat: '1' }, { amount: '-1.00', eligible: false, state: 'closed' })] });
      expect(t.promotions.close).toEqual([1]);
      expect(money(t)).toMatchObject({ promoTotal: '-2.00', total: '20.00' });
    });

    it("adds the order's other adjustments (a credit) to the adjustment total", () => {
      const t = compute({ lineItems: [item(1, '10.00', 2)], rates: [rate(1, '0.1')], otherOrderAdjustments: d('-2.50') });
      expect(money(t)).toMatchObject({ adjustmentTotal: '-0.50', total: '19.50' });
    });
  });

  describe('payment state', () => {
    it('is left to the checkout until the order is complete', () => {
      const t = compute({ lineItems: [item(1, '10.00')], paymentStates: ['checkout'] });
      expect(t.paymentState).toBeNull();
      expect(t.shipmentState).toBeNull();
    });

    it.each<[string, PaymentState[], string, string]>([
      ['balance_due while nothing is paid', ['pending'], '0', 'balance_due'],
      ['paid when payments cover the total', ['completed'], '22.00', 'paid'],
      ['balance_due when paid in part', ['completed', 'pending'], '10.00', 'balance_due'],
      ['credit_owed when paid more than the total', ['completed'], '30.00', 'credit_owed'],
      ['failed when every payment failed', ['failed', 'invalid'], '0', 'failed'],
      ['balance_due when a voided payment is all there is (it still counts)', ['void'], '0', 'balance_due'],
    ])('%s', (_, states, paid, expected) => {
      expect(completed({ paymentStates: states, paid: d(paid) }).paymentState).toBe(expected);
    });

    it('is void for a canceled order without payments', () => {
      expect(completed({ state: 'canceled' }).paymentState).toBe('void');
    });

    it('is void for a canceled order whose payment was voided or given back', () => {
      expect(completed({ state: 'canceled', paymentStates: ['completed', 'void'], paid: d(0) }).paymentState).toBe('void');
    });

    it('is credit_owed for a canceled order that still holds what it took', () => {
      expect(completed({ state: 'canceled', paymentStates: ['completed'], paid: d('22.00') }).paymentState).toBe('credit_owed');
    });

    it('is paid after a refund the order total follows (a return credit)', () => {
      // 22.00 paid, 5.00 given back; the return authorization's credit lowers the total by as much.
      const t = completed({ paymentStates: ['completed', 'completed'], paid: d('17.00'), otherOrderAdjustments: d('-5.00') });
      expect(money(t).total).toBe('17.00');
      expect(t.paymentState).toBe('paid');
      expect(t.paymentTotal.toFixed(2)).toBe('17.00');
    });

    it('is balance_due after a refund the total does not follow', () => {
      expect(completed({ paymentStates: ['completed'], paid: d('17.00') }).paymentState).toBe('balance_due');
    });

    it('orderPaymentState: exact, whatever the places', () => {
      expect(orderPaymentState({ canceled: false }, ['completed'], d('1500'), d('1500.00'))).toBe('paid');
      expect(orderPaymentState({ canceled: false }, ['completed'], d('0.001'), d('0'))).toBe('balance_due');
    });
  });

  describe('shipment state', () => {
    it('ready once paid', () => {
      const t = completed({ paymentStates: ['completed'], paid: d('22.00') });
      expect(t.shipmentStates).toEqual([{ id: 1, state: 'ready', changed: true }]);
      expect(t.shipmentState).toBe('ready');
    });

    it('pending while a balance is due', () => {
      const t = completed({ paymentStates: ['pending'] });
      expect(t.shipmentStates).toEqual([{ id: 1, state: 'pending', changed: false }]);
      expect(t.shipmentState).toBe('pending');
    });

    it('backorder when a unit waits for stock', () => {
      const t = completed({ paymentStates: ['completed'], paid: d('22.00'), shipments: [shipment(1, '0.00', { backordered: true })] });
      expect(t.shipmentStates[0].state).toBe('pending');
      expect(t.shipmentState).toBe('backorder');
    });

    it('partial when one shipment shipped and the other is ready', () => {
      const t = completed({ paymentStates: ['completed'], paid: d('22.00'), shipments: [shipment(1, '0.00', { state: 'shipped' }), shipment(2, '0.00')] });
      expect(t.shipmentStates.map((s) => s.state)).toEqual(['shipped', 'ready']);
      expect(t.shipmentState).toBe('partial');
    });

    it('canceled with its order', () => {
      const t = completed({ state: 'canceled', shipments: [shipment(1, '0.00', { state: 'ready' })] });
      expect(t.shipmentStates).toEqual([{ id: 1, state: 'canceled', changed: true }]);
      expect(t.shipmentState).toBe('canceled');
    });

    it('orderShipmentState: none without shipments', () => {
      expect(orderShipmentState([], false)).toBeNull();
    });
  });

  describe('currencies', () => {
    it('a JPY store rounds to whole yen', () => {
      const t = compute({
        currency: 'JPY',
        lineItems: [item(1, '1235'), item(2, '1234')],
        rates: [rate(1, '0.1')],
        promotions: [promotion(1, { percent: '3' })],
      });
      expect(t.places).toBe(0);
      expect(charges(t, 0)).toEqual([[1, '124', false]]); // 123.5, half up
      expect(charges(t, 1)).toEqual([[1, '123', false]]); // 123.4
      // 3% of 2469 = 74.07
      expect(money(t)).toMatchObject({ itemTotal: '2469', additionalTaxTotal: '247', promoTotal: '-74', total: '2642' });
      expect(t.promotions.update[0].amount).toBe('-74');
    });

    it('a JPY store with tax included in the price', () => {
      const t = compute({ currency: 'JPY', lineItems: [item(1, '1100')], rates: [rate(1, '0.1', { included: true })] });
      expect(money(t)).toMatchObject({ includedTaxTotal: '100', total: '1100' });
      // 1099 / 1.1 = 999.0909…: 99.909… of tax is 100 yen, not 99.91
      expect(charges(compute({ currency: 'JPY', lineItems: [item(1, '1099')], rates: [rate(1, '0.1', { included: true })] }), 0)).toEqual([[1, '100', true]]);
    });

    it('a KWD store keeps fils (3 places) where cents would round', () => {
      const kwd = compute({ currency: 'KWD', lineItems: [item(1, '1.250')], rates: [rate(1, '0.05')], promotions: [promotion(1, { percent: '12.5' })] });
      expect(kwd.places).toBe(3);
      expect(charges(kwd, 0)).toEqual([[1, '0.063', false]]); // 0.0625
      expect(money(kwd)).toMatchObject({ promoTotal: '-0.156', total: '1.157' }); // 0.15625
      const usd = compute({ currency: 'USD', lineItems: [item(1, '1.25')], rates: [rate(1, '0.05')] });
      expect(charges(usd, 0)).toEqual([[1, '0.06', false]]);
    });

    it('a KWD store is paid to the fils', () => {
      const t = compute({ currency: 'KWD', completed: true, state: 'complete', lineItems: [item(1, '1.255')], paymentStates: ['completed'], paid: d('1.250') });
      expect(t.paymentState).toBe('balance_due');
    });
  });
});
