import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { EntityManager, EntityNotFoundError } from 'typeorm';
import { decimal, moneyString, ZERO } from '../../common/money/money';
import { orderShippingFacts, ShipmentState } from '../../fulfilment/shipments/shipment-states';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { PaymentState } from '../../payments/payment/payment-states';
import { PaymentsService } from '../../payments/payment/payments.service';
import { applicableRatesFromJson, ApplicableRate, ItemTaxTotals, preTaxAmount, taxCharges } from '../../tax/tax-rates/tax-calculator';
import { ORDER_PROMOTION_ROWS, PROMOTION_SOURCE_TYPE, recalculateOrderPromotions } from '../../promotions/promotion/order-promotions';
import { replaceTaxAdjustments, TaxAdjustments } from '../adjustments/adjustment-writes';
import { OrderContents } from '../line-items/order-contents.service';
import { Order } from './entities/order.entity';
import { UPDATER_LINE_ITEMS, UPDATER_READ, UPDATER_SHIPMENTS } from './order-updater.sql';

interface Row {
  id: number;
  amount: Decimal;
  taxCategoryId: number | null;
  quantity?: number;
  /** The tax columns as they are, so that only a change is written. */
  current: TaxColumns;
}

interface TaxColumns {
  additional: string | null;
  included: string | null;
  adjustment: string | null;
  preTax: string | null;
}

/** A shipment as `update` reads it. */
export interface ShipmentRow extends Record<string, unknown> {
  id: number;
  cost: string | null;
  amount: string;
  tax_category_id: number | null;
  state: ShipmentState;
  backordered: boolean;
}

const taxColumns = (r: Record<string, unknown>): TaxColumns => ({
  additional: r.current_additional as string | null,
  included: r.current_included as string | null,
  adjustment: r.current_adjustment as string | null,
  preTax: r.current_pre_tax as string | null,
});

/** SQL's `IS DISTINCT FROM` for numerics. */
const numericDiffers = (current: string | null, wanted: string | null) =>
  current === null || wanted === null ? current !== wanted : !decimal(current).equals(decimal(wanted));

const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/**
 * Spree's OrderUpdater: recomputes everything derived on an order in one
 * place (item total, tax adjustments, promotion discounts, shipment costs,
 * adjustment and tax totals, total, payment total; payment and shipment
 * states once complete) and has each table's owner write it. Every change
 * to an order's contents, addresses, shipments or payments ends with
 * `update`, inside the same transaction.
 */
@Injectable()
export class OrderUpdater {
  constructor(
    private readonly shipments: ShipmentsService,
    private readonly payments: PaymentsService,
    private readonly contents: OrderContents,
  ) {}

  /**
   * The order a request is changing, with what is known of it (see
   * OrderInChange): `totalsFresh`, the derived fields were recomputed in this
   * transaction after the last change to what they come from; `asRow`, the
   * loaded `order` holds what its row holds.
   */
  track(em: EntityManager, order: Order, known: { totalsFresh: boolean; asRow: boolean }): OrderInChange {
    return new OrderInChange(em, order, this, known);
  }

  /**
   * Returns the derived fields as the order row now holds them (a caller may keep its loaded order in step with them).
   * `reprice`: an order at confirm gets its discounts recomputed too (they otherwise stay as its confirm step showed
   * them: `shownAtConfirm`); for the coupon handler and the completion, once it checked them.
   */
  async update(em: EntityManager, orderId: number, options: { reprice?: boolean } = {}): Promise<Partial<Order>> {
    // One read of everything derived from: the order row, the tax rates of its ship address (or the default tax
    // zone's), the line items and shipments (numerics as text in JSON), promotion discounts, payments and the
    // order's other adjustments.
    const [row] = await UPDATER_READ(em).run<Record<string, any>>(em, [orderId, PROMOTION_SOURCE_TYPE]);
    if (!row) throw new EntityNotFoundError(Order, { id: orderId });
    const { tax_rates, line_items, shipments: shipmentValues, has_taxes, promotions, other_order_adjustments, payment_states, paid, checkout_amounts, ...orderRow } =
      row;
    const order = orderRow as Order;
    const rates = applicableRatesFromJson(tax_rates);

    const lineItems: Row[] = UPDATER_LINE_ITEMS.read(line_items).map((r) => ({
      id: Number(r.id),
      quantity: Number(r.quantity),
      amount: decimal(r.amount as string),
      taxCategoryId: r.tax_category_id === null ? null : Number(r.tax_category_id),
      current: taxColumns(r),
    }));

    // A shipment costs what its selected rate costs (written only when that changed: read first, as it rarely does).
    const shipmentRows = UPDATER_SHIPMENTS.read(shipmentValues);
    if (shipmentRows.some((r) => r.cost === null || !decimal(r.cost).equals(decimal(r.amount)))) await this.shipments.updateCosts(em, orderId);
    const shipments: Row[] = shipmentRows.map((r) => ({
      id: Number(r.id),
      amount: decimal(r.amount),
      taxCategoryId: r.tax_category_id === null ? null : Number(r.tax_category_id),
      current: taxColumns(r),
    }));

    const taxTotals = await this.recalculateTaxes(em, order, rates, lineItems, shipments, has_taxes === true);

    const itemTotal = sum(lineItems.map((li) => li.amount));
    const shipmentTotal = sum(shipments.map((s) => s.amount));
    // Coupon discounts follow the item total; they are order adjustments, summed just below.
    const promoTotal = await recalculateOrderPromotions(em, order, itemTotal, ORDER_PROMOTION_ROWS.read(promotions), options);
    const additionalTax = sum([...taxTotals.values()].map((t) => t.additional));
    const includedTax = sum([...taxTotals.values()].map((t) => t.included));
    // Item and shipment adjustment totals hold their additional tax; the order's own eligible adjustments (the promotion
    // discount just recomputed, and any other) add to it.
    const adjustmentTotal = additionalTax.plus(decimal(other_order_adjustments)).plus(promoTotal);
    const total = itemTotal.plus(shipmentTotal).plus(adjustmentTotal);

    const paymentTotal = decimal(paid);

    let paymentState = order.paymentState;
    let shipmentState = order.shipmentState;
    if (order.completedAt) {
      paymentState = this.paymentState(order, payment_states as PaymentState[], total, paymentTotal);
      shipmentState = await this.updateShipmentStates(em, order, shipmentRows, paymentState);
    } else {
      // While checking out, the one payment in checkout follows the total, so it always pays the whole order (written when it differs).
      const wanted = decimal(moneyString(total));
      const follows = ((checkout_amounts as string | null) ?? '').split(',').every((amount) => amount === '' || decimal(amount).equals(wanted));
      if (!follows) await this.payments.followOrderTotal(em, orderId, moneyString(total));
    }

    const derived: Partial<Order> = {
      itemTotal: moneyString(itemTotal),
      itemCount: lineItems.reduce((n, li) => n + li.quantity!, 0),
      shipmentTotal: moneyString(shipmentTotal),
      additionalTaxTotal: moneyString(additionalTax),
      includedTaxTotal: moneyString(includedTax),
      adjustmentTotal: moneyString(adjustmentTotal),
      promoTotal: moneyString(promoTotal),
      paymentTotal: moneyString(paymentTotal),
      total: moneyString(total),
      paymentState,
      shipmentState,
    };
    // Write (and bump updated_at) only when something derived really changed.
    const current = order as unknown as Record<string, unknown>;
    const changed = Object.entries(derived).some(([key, value]) => {
      const was = current[key];
      return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) && was !== null ? moneyString(was as string) !== value : was !== value;
    });
    if (changed) await em.update(Order, orderId, derived);
    return derived;
  }

  /** Replaces the order's tax adjustments and writes each item's tax totals. Returns the totals per item. */
  private async recalculateTaxes(
    em: EntityManager,
    order: Order,
    rates: ApplicableRate[],
    lineItems: Row[],
    shipments: Row[],
    hasTaxes: boolean,
  ) {
    const totals = new Map<string, { additional: Decimal; included: Decimal }>();
    // Column arrays for one INSERT of all adjustments and one UPDATE per table, whatever the number of items.
    const adjustments: TaxAdjustments = { adjustableType: [], adjustableId: [], rateId: [], amount: [], label: [], included: [] };
    const owners: Array<[string, Row[], (taxes: ItemTaxTotals) => Promise<void>]> = [
      ['Spree::LineItem', lineItems, (taxes) => this.contents.writeTaxTotals(em, taxes)],
      ['Spree::Shipment', shipments, (taxes) => this.shipments.writeTaxTotals(em, taxes)],
    ];
    for (const [type, items, write] of owners) {
      const taxes: ItemTaxTotals = { ids: [], additional: [], included: [], preTax: [] };
      let changed = false;
      for (const item of items) {
        const charges = taxCharges(item, rates);
        const preTax = preTaxAmount(item, rates);
        const additional = sum(charges.filter((c) => !c.included).map((c) => c.amount));
        const included = sum(charges.filter((c) => c.included).map((c) => c.amount));
        totals.set(`${type}:${item.id}`, { additional, included });
        for (const c of charges) {
          adjustments.adjustableType.push(type);
          adjustments.adjustableId.push(item.id);
          adjustments.rateId.push(c.rate.id);
          adjustments.amount.push(moneyString(c.amount));
          adjustments.label.push(c.label);
          adjustments.included.push(c.included);
        }
        taxes.ids.push(item.id);
        taxes.additional.push(moneyString(additional));
        taxes.included.push(moneyString(included));
        taxes.preTax.push(preTax === null ? null : preTax.toFixed(10));
        // As the owner's UPDATE compares (pre-tax amount rounded to 4 places, as round() does: half away from zero).
        const roundedPreTax = preTax === null ? null : decimal(preTax.toFixed(10)).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
        const c = item.current;
        if (
          numericDiffers(c.additional, moneyString(additional)) ||
          numericDiffers(c.included, moneyString(included)) ||
          numericDiffers(c.adjustment, moneyString(additional)) ||
          numericDiffers(c.preTax, roundedPreTax)
        ) {
          changed = true;
        }
      }
      if (changed) await write(taxes);
    }
    await replaceTaxAdjustments(em, order.id, hasTaxes, adjustments);
    return totals;
  }

  /** Spree's `update_payment_state` for a completed order. */
  private paymentState(order: Order, states: PaymentState[], total: Decimal, paymentTotal: Decimal): string | null {
    const canceled = order.state === 'canceled';
    // Spree's `payments.valid` here: a voided payment still counts, only failed and invalid ones do not.
    if (states.length > 0 && states.every((s) => s === 'failed' || s === 'invalid')) return 'failed';
    if (states.length === 0 && canceled) return 'void';
    // Cancel voids what was paid or authorized, so nothing is left to pay or to give back.
    if (canceled && paymentTotal.isZero() && states.some((s) => s === 'completed' || s === 'void')) return 'void';
    const outstanding = canceled && states.includes('completed') ? paymentTotal.negated() : total.minus(paymentTotal);
    if (outstanding.isZero()) return 'paid';
    return outstanding.greaterThan(0) ? 'balance_due' : 'credit_owed';
  }

  /** Moves each shipment to the state its order allows and returns the order's shipment state. */
  private async updateShipmentStates(em: EntityManager, order: Order, rows: ShipmentRow[], paymentState: string | null): Promise<string | null> {
    const states = new Set<string>(await this.shipments.updateStates(em, rows, orderShippingFacts({ state: order.state, paymentState })));
    if (rows.some((s) => s.backordered)) return 'backorder';
    if (states.size > 1) return 'partial';
    return states.size === 1 ? [...states][0] : null;
  }
}

/**
 * An order being changed in one transaction, and whether two things it is
 * costly to redo are still true: its derived fields (totals, taxes, discounts,
 * shipment costs) are as recomputed after the last change, and the loaded
 * `order` holds what its row holds. Whoever changes what the totals come from
 * says `changed()`; whoever writes the row through another object says
 * `rowWrittenElsewhere()`. Readers ask `totals()` or `row()`, which recompute
 * or read again only when one of those said so: no flags to keep in step.
 */
export class OrderInChange {
  private totalsFresh: boolean;
  private asRow: boolean;

  constructor(
    private readonly em: EntityManager,
    readonly order: Order,
    private readonly updater: OrderUpdater,
    known: { totalsFresh: boolean; asRow: boolean },
  ) {
    this.totalsFresh = known.totalsFresh;
    this.asRow = known.asRow;
  }

  /** What the derived fields come from changed (shipping costs, shipments, completion). */
  changed(): void {
    this.totalsFresh = false;
  }

  /** The order's row was written through another object (the loaded order no longer holds it). */
  rowWrittenElsewhere(): void {
    this.asRow = false;
  }

  /** The order, its derived fields recomputed (and kept in the loaded order) unless they are fresh. */
  async totals(): Promise<Order> {
    if (!this.totalsFresh) {
      Object.assign(this.order, await this.updater.update(this.em, this.order.id));
      this.totalsFresh = true;
    }
    return this.order;
  }

  /** The order as its row holds it, read again only when it was written elsewhere. */
  async row(): Promise<Order> {
    if (!this.asRow) {
      Object.assign(this.order, await this.em.findOneByOrFail(Order, { id: this.order.id }));
      this.asRow = true;
    }
    return this.order;
  }
}
