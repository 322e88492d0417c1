import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, EntityNotFoundError } from 'typeorm';
import { preparedStatement } from '../../common/db/prepared-statement';
import { decimal, moneyString } from '../../common/money/money';
import { ShipmentState } from '../../fulfilment/shipments/shipment-states';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { PaymentState } from '../../payments/payment/payment-states';
import { PaymentsService } from '../../payments/payment/payments.service';
import { applicableRatesFromJson, ItemTaxTotals } from '../../tax/tax-rates/tax-calculator';
import { TAX_PROVIDER, TaxProvider } from '../../tax/tax-rates/tax-provider';
import { ORDER_PROMOTION_ROWS, PROMOTION_SOURCE_TYPE, writeOrderPromotions } from '../adjustments/order-promotions';
import { replaceTaxAdjustments, TaxAdjustments } from '../adjustments/adjustment-writes';
import { OrderContents } from '../line-items/order-contents.service';
import { computeOrderTotals, OrderTotals, OrderTotalsInput } from './compute-order-totals';
import { Order } from './entities/order.entity';
import { UPDATER_LINE_ITEMS, UPDATER_READ, UPDATER_SHIPMENTS } from './order-updater.sql';

/** The order's derived fields written (what `em.update(Order, …)` wrote, prepared). */
const WRITE_DERIVED = preparedStatement(
  'order-updater-write',
  `UPDATE orders SET item_total = $2, item_count = $3, shipment_total = $4, additional_tax_total = $5, included_tax_total = $6, adjustment_total = $7,
                     promo_total = $8, payment_total = $9, total = $10, payment_state = $11, shipment_state = $12, updated_at = CURRENT_TIMESTAMP
    WHERE id = $1`,
);

/** The tax columns of an item as they are, so that only a change is written. */
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

/** What `read` returns: the order row, the pure function's input, and what the write compares against. */
interface UpdaterRead {
  order: Order;
  input: OrderTotalsInput;
  /** The order had tax adjustments (to delete before writing the new ones). */
  hadTaxes: boolean;
  /** Tax columns per item, by `${adjustableType}:${id}`. */
  taxColumns: Map<string, TaxColumns>;
  /** The amounts of its payments in checkout that follow the order total ('' when none). */
  checkoutAmounts: string;
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

/**
 * Spree's OrderUpdater: recomputes everything derived on an order in one
 * place (item total, tax adjustments, promotion discounts, shipment costs,
 * adjustment and tax totals, total, payment total; payment and shipment
 * states once complete) and has each table's owner write it. Every change
 * to an order's contents, addresses, shipments or payments ends with
 * `update`, inside the same transaction. Three steps: `read` (one statement),
 * `computeOrderTotals` (pure, compute-order-totals.ts), `write` (each owner
 * writes only what changed).
 */
@Injectable()
export class OrderUpdater {
  constructor(
    private readonly shipments: ShipmentsService,
    private readonly payments: PaymentsService,
    private readonly contents: OrderContents,
    @Inject(TAX_PROVIDER) private readonly taxes: TaxProvider,
  ) {}

  /**
   * Returns the derived fields as the order row now holds them (a caller may keep its loaded order in step with them).
   * `reprice`: an order at confirm gets its discounts recomputed too (they otherwise stay as its confirm step showed
   * them: `shownAtConfirm`); for the coupon handler and the completion, once it checked them.
   */
  async update(em: EntityManager, orderId: number, options: { reprice?: boolean } = {}): Promise<Partial<Order>> {
    const read = await this.read(em, orderId, options);
    const totals = computeOrderTotals(read.input);
    return this.write(em, read, totals);
  }

  /**
   * One read of everything derived from: the order row, the tax rates of its ship address (or the default tax
   * zone's), the line items and shipments (numerics as text in JSON), promotion discounts, payments and the
   * order's other adjustments.
   */
  private async read(em: EntityManager, orderId: number, options: { reprice?: boolean }): Promise<UpdaterRead> {
    const [row] = await UPDATER_READ(em).run<Record<string, any>>(em, [orderId, PROMOTION_SOURCE_TYPE]);
    if (!row) throw new EntityNotFoundError(Order, { id: orderId });
    const { tax_rates, tax_country_id, tax_state_id, line_items, shipments, has_taxes, promotions, other_order_adjustments, payment_states, paid, checkout_amounts, ...orderRow } =
      row;
    const order = orderRow as Order;
    const columns = new Map<string, TaxColumns>();
    const lineItems = UPDATER_LINE_ITEMS.read(line_items).map((r) => {
      columns.set(`Spree::LineItem:${Number(r.id)}`, taxColumns(r));
      return {
        id: Number(r.id),
        quantity: Number(r.quantity),
        amount: decimal(r.amount as string),
        taxCategoryId: r.tax_category_id === null ? null : Number(r.tax_category_id),
      };
    });
    const shipmentRows = UPDATER_SHIPMENTS.read(shipments).map((r) => {
      columns.set(`Spree::Shipment:${Number(r.id)}`, taxColumns(r));
      return {
        id: Number(r.id),
        cost: r.cost === null ? null : decimal(r.cost),
        amount: decimal(r.amount),
        taxCategoryId: r.tax_category_id === null ? null : Number(r.tax_category_id),
        state: r.state,
        backordered: r.backordered === true,
      };
    });
    // The tax provider says which rates apply (the built-in one: the zone rates just read, at no statement).
    const rates = await this.taxes.rates({
      orderId,
      currency: order.currency,
      address: { countryId: tax_country_id === null ? null : Number(tax_country_id), stateId: tax_state_id === null ? null : Number(tax_state_id) },
      items: [
        ...lineItems.map((li) => ({ type: 'Spree::LineItem' as const, id: li.id, taxCategoryId: li.taxCategoryId, amount: li.amount })),
        ...shipmentRows.map((s) => ({ type: 'Spree::Shipment' as const, id: s.id, taxCategoryId: s.taxCategoryId, amount: s.amount })),
      ],
      zoneRates: applicableRatesFromJson(tax_rates),
    });
    return {
      order,
      hadTaxes: has_taxes === true,
      taxColumns: columns,
      checkoutAmounts: (checkout_amounts as string | null) ?? '',
      input: {
        currency: order.currency,
        order: { state: order.state, completed: Boolean(order.completedAt), paymentState: order.paymentState, shipmentState: order.shipmentState },
        rates,
        lineItems,
        shipments: shipmentRows,
        promotions: ORDER_PROMOTION_ROWS.read(promotions),
        reprice: options.reprice,
        otherOrderAdjustments: decimal(other_order_adjustments),
        paymentStates: payment_states as PaymentState[],
        paid: decimal(paid),
      },
    };
  }

  /** Has each owner write what changed, in the statements the updater always used (see test/performance budgets). */
  private async write(em: EntityManager, read: UpdaterRead, totals: OrderTotals): Promise<Partial<Order>> {
    const { order } = read;
    const money = (value: Parameters<typeof moneyString>[0]) => moneyString(value, totals.places);
    // A shipment costs what its selected rate costs (written only when that changed, as it rarely does).
    if (totals.shipmentCosts.some((s) => s.changed)) await this.shipments.updateCosts(em, order.id);
    await this.writeTaxes(em, read, totals);
    await writeOrderPromotions(em, totals.promotions);

    if (read.input.order.completed) {
      await this.shipments.writeStates(
        em,
        totals.shipmentStates.filter((s) => s.changed),
      );
    } else {
      // While checking out, the one payment in checkout follows the total, so it always pays the whole order (written when it differs).
      const wanted = decimal(money(totals.total));
      const follows = read.checkoutAmounts.split(',').every((amount) => amount === '' || decimal(amount).equals(wanted));
      if (!follows) await this.payments.followOrderTotal(em, order.id, money(totals.total));
    }

    const derived: Partial<Order> = {
      itemTotal: money(totals.itemTotal),
      itemCount: totals.itemCount,
      shipmentTotal: money(totals.shipmentTotal),
      additionalTaxTotal: money(totals.additionalTaxTotal),
      includedTaxTotal: money(totals.includedTaxTotal),
      adjustmentTotal: money(totals.adjustmentTotal),
      promoTotal: money(totals.promoTotal),
      paymentTotal: money(totals.paymentTotal),
      total: money(totals.total),
      paymentState: totals.paymentState,
      shipmentState: totals.shipmentState,
    };
    // Write (and bump updated_at) only when something derived really changed.
    const current = order as unknown as Record<string, unknown>;
    const changed = Object.entries(derived).some(([key, value]) => {
      const was = current[key];
      return typeof value === 'string' && typeof was === 'string' && key !== 'paymentState' && key !== 'shipmentState'
        ? !decimal(was).equals(decimal(value))
        : was !== value;
    });
    if (changed) {
      await WRITE_DERIVED(em).run(em, [
        order.id,
        derived.itemTotal,
        derived.itemCount,
        derived.shipmentTotal,
        derived.additionalTaxTotal,
        derived.includedTaxTotal,
        derived.adjustmentTotal,
        derived.promoTotal,
        derived.paymentTotal,
        derived.total,
        derived.paymentState,
        derived.shipmentState,
      ]);
    }
    return derived;
  }

  /** Replaces the order's tax adjustments and has each owner write its items' tax totals (when one changed). */
  private async writeTaxes(em: EntityManager, read: UpdaterRead, totals: OrderTotals): Promise<void> {
    // Column arrays for one INSERT of all adjustments and one UPDATE per table, whatever the number of items.
    const adjustments: TaxAdjustments = { adjustableType: [], adjustableId: [], rateId: [], amount: [], label: [], included: [] };
    const owners: Array<[string, (taxes: ItemTaxTotals) => Promise<void>]> = [
      ['Spree::LineItem', (taxes) => this.contents.writeTaxTotals(em, taxes)],
      ['Spree::Shipment', (taxes) => this.shipments.writeTaxTotals(em, taxes)],
    ];
    for (const [type, write] of owners) {
      const taxes: ItemTaxTotals = { ids: [], additional: [], included: [], preTax: [] };
      let changed = false;
      for (const item of totals.taxes.filter((t) => t.adjustableType === type)) {
        for (const c of item.charges) {
          adjustments.adjustableType.push(type);
          adjustments.adjustableId.push(item.id);
          adjustments.rateId.push(c.rate.id);
          adjustments.amount.push(moneyString(c.amount, totals.places));
          adjustments.label.push(c.label);
          adjustments.included.push(c.included);
        }
        const additional = moneyString(item.additional, totals.places);
        const included = moneyString(item.included, totals.places);
        const preTax = item.preTax === null ? null : item.preTax.toFixed();
        taxes.ids.push(item.id);
        taxes.additional.push(additional);
        taxes.included.push(included);
        taxes.preTax.push(preTax);
        const c = read.taxColumns.get(`${type}:${item.id}`)!;
        if (numericDiffers(c.additional, additional) || numericDiffers(c.included, included) || numericDiffers(c.adjustment, additional) || numericDiffers(c.preTax, preTax)) {
          changed = true;
        }
      }
      if (changed) await write(taxes);
    }
    await replaceTaxAdjustments(em, read.order.id, read.hadTaxes, adjustments);
  }
}
