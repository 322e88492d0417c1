import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { decimalPlacesProblem, moneyIn } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { ItemTaxTotals, itemTaxTotalsUpdateSql } from '../../tax/tax-rates/tax-calculator';
import { deleteOrderAdjustments } from '../adjustments/adjustment-writes';
import { inCheckout, orderTransition } from '../order/order-states';
import { moveOrderState } from '../order/order-moves';
import { Order } from '../order/entities/order.entity';
import { LineItem } from './entities/line-item.entity';
import { Caller } from '../../common/auth/caller';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { Price } from '../../catalog/variants/entities/price.entity';
import { loadVariantDetails } from '../../catalog/variants/variant-details';
import { optionsText } from '../../catalog/variants/variant.serializer';
import { canSupply, VariantSupply } from '../../inventory/stock-items/stock-quantifier';
import { variantSupplySql } from '../../inventory/stock-items/stock-quantifier.sql';
import { findOrFail } from '../../common/db/find-or-fail';
import { preparedStatement, queryPrepared } from '../../common/db/prepared-statement';

/**
 * Units of a line item whose stock is already taken (a placed order's): what
 * it needs of the stock is its quantity less these. Units of an order in
 * checkout are pending: they hold nothing until completion.
 */
const TAKEN_UNITS = (lineItemId: string) => `SELECT count(*)::int FROM inventory_units iu WHERE iu.line_item_id = ${lineItemId} AND NOT iu.pending`;

/** Most units of one variant a line item may hold (inventory is tracked per unit). */
export const MAX_LINE_ITEM_QUANTITY = 10000;

/** What a shopper can buy is what a shopper can see: a live variant of a product on sale, with its price in a currency ($2). */
const BUYABLE_VARIANT = preparedStatement(
  'buyable-variant',
  `SELECT v.id, v.cost_price AS "costPrice", (SELECT pr.amount FROM prices pr WHERE pr.variant_id = v.id AND pr.currency = $2 LIMIT 1) AS "catalogPrice"
     FROM variants v
    WHERE v.id = $1 AND v.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id AND p.deleted_at IS NULL AND p.available_on <= now())`,
);

/** An admin's line item price, in the order's currency: more decimal places than it has is a 422 on `price`, never rounded. */
function priceIn(price: string, currency: string): string {
  const precision = decimalPlacesProblem(price, currencyMinorUnits(currency));
  if (precision) throw InvalidResourceError.field('price', precision);
  return moneyIn(price, currency);
}

const tooMany = () => InvalidResourceError.field('quantity', `must be less than or equal to ${MAX_LINE_ITEM_QUANTITY}`);
const notEditable = () => InvalidResourceError.field('base', 'The order is no longer in checkout: its line items cannot be changed.');

/** States of a placed order whose line items store staff may still change (Spree's OrderInventory works on completed orders). */
const STAFF_EDITABLE_STATES = ['complete', 'resumed'];

/**
 * Whether this change edits a placed order as store staff (Spree 2.2: an
 * admin adds, changes or removes line items of a completed order, which stays
 * complete; its units follow through OrderInventory). False for an order in
 * checkout, and for anyone but an admin (who then gets the usual 422). A
 * canceled or returned order is not edited: 422.
 */
export function editsPlacedOrder(order: Order, caller: Caller): boolean {
  if (!caller.admin || order.completedAt === null || inCheckout(order.state)) return false;
  if (!STAFF_EDITABLE_STATES.includes(order.state)) throw InvalidResourceError.field('base', `The order is ${order.state}: its line items cannot be changed.`);
  return true;
}

/**
 * Spree's OrderContents: adds, changes and removes line items (the only
 * writer of `line_items`). Every change drops the order's proposed
 * shipments (their packages no longer match) and sends the checkout back to
 * the address step. Callers hold the order's row lock and recompute the
 * totals (OrderUpdater) once their changes are done; a line item that goes
 * leaves its tax adjustments to that run, which replaces all of the order's.
 *
 * A line item's quantity is checked against the stock when it is added or
 * raised (Spree's Stock::AvailabilityValidator): what its units do not hold
 * yet must be on hand over the active stock locations, unless the variant
 * does not track inventory or a stock item takes backorders; otherwise 422 on
 * `quantity` and nothing is written. It is a check, not a reservation: the
 * stock is taken at completion (or, for a placed order, by OrderInventory).
 */
@Injectable()
export class OrderContents {
  constructor(private readonly shipments: ShipmentsService) {}

  /** Adds `quantity` of a variant; the same variant again raises the existing line item's quantity. */
  async add(em: EntityManager, order: Order, variantId: number, quantity: number, price?: string): Promise<{ id: number }> {
    if (!inCheckout(order.state)) throw notEditable();
    if (quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
    // What a shopper can buy is what a shopper can see: a live variant of a product on sale (read with its price in the order's currency).
    const [variant] = await BUYABLE_VARIANT(em).run<Pick<Variant, 'id' | 'costPrice'> & { catalogPrice: string | null }>(em, [variantId, order.currency]);
    if (!variant) throw InvalidResourceError.field('variant_id', 'is not a variant that can be bought');
    const row = await this.upsert(em, order, variant, quantity, price, variant.catalogPrice);
    await this.restartCheckout(em, order);
    return row;
  }

  /** Sets a line item's quantity (and, for admins, its price); `placed`: store staff editing a placed order (see `editsPlacedOrder`). */
  async update(em: EntityManager, order: Order, lineItemId: number, changes: { quantity?: number; price?: string }, placed = false): Promise<LineItem> {
    if (!placed && !inCheckout(order.state)) throw notEditable();
    const item = await this.find(em, order, lineItemId);
    const raised = changes.quantity !== undefined && changes.quantity > item.quantity;
    if (changes.quantity !== undefined) {
      if (changes.quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
      item.quantity = changes.quantity;
    }
    if (changes.price !== undefined) item.price = priceIn(changes.price, order.currency);
    await em.save(item);
    // Lowered, a quantity only comes nearer to the stock: only a raise is checked.
    if (raised) await this.requireSupply(em, item.id);
    await this.restartCheckout(em, order);
    return em.findOneByOrFail(LineItem, { id: item.id });
  }

  /** `placed`: store staff editing a placed order, whose units the caller took out of their shipments first. */
  async remove(em: EntityManager, order: Order, lineItemId: number, placed = false): Promise<void> {
    if (!placed && !inCheckout(order.state)) throw notEditable();
    const item = await this.find(em, order, lineItemId);
    await em.delete(LineItem, { id: item.id });
    await this.restartCheckout(em, order);
  }

  /** Spree's `empty!`: no line items, shipments or adjustments left. */
  async empty(em: EntityManager, order: Order): Promise<void> {
    if (!inCheckout(order.state)) throw notEditable();
    await this.shipments.removeAll(em, order.id);
    await deleteOrderAdjustments(em, order.id);
    await em.query(`DELETE FROM line_items WHERE order_id = $1`, [order.id]);
  }

  /**
   * Spree's `contents.add(variant, quantity, nil, shipment)` for store staff:
   * raises (or creates) the variant's line item on an order past checkout.
   * Any live variant priced in the order's currency may be added (`price`
   * overrides it). The caller puts the units into a shipment and takes their stock.
   */
  async addForFulfilment(em: EntityManager, order: Order, variantId: number, quantity: number, price?: string): Promise<LineItem> {
    const variant = await em.findOneBy(Variant, { id: variantId, deletedAt: IsNull() });
    if (!variant) throw InvalidResourceError.field('variant_id', 'is not a variant of the store');
    const row = await this.upsert(em, order, variant, quantity, price);
    return em.findOneByOrFail(LineItem, { id: row.id });
  }

  /** Lowers the variant's line item by `quantity` for store staff (removed when none is left). */
  async removeForFulfilment(em: EntityManager, order: Order, variantId: number, quantity: number): Promise<void> {
    // The caller holds the order's lock, so the quantity read here is the one to change.
    const item = await em.findOneBy(LineItem, { orderId: order.id, variantId });
    if (!item) return;
    if (item.quantity > quantity) {
      await em.query(`UPDATE line_items SET quantity = quantity - $2, updated_at = now() WHERE id = $1`, [item.id, quantity]);
      return;
    }
    // None left: the line item goes (a quantity of 0 is not a line item; the table refuses it).
    await em.delete(LineItem, { id: item.id });
  }

  /**
   * Inserts a line item, or raises the quantity of the variant's existing one; `price` (admins) overrides the variant's price.
   * `catalogPrice`: the variant's price in the order's currency when the caller read it (null: it has none).
   */
  private async upsert(
    em: EntityManager,
    order: Order,
    variant: Pick<Variant, 'id' | 'costPrice'>,
    quantity: number,
    price?: string,
    catalogPrice?: string | null,
  ): Promise<{ id: number; quantity: number }> {
    if (quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
    const unitPrice = price !== undefined ? priceIn(price, order.currency) : (catalogPrice !== undefined ? catalogPrice : (await em.findOneBy(Price, { variantId: variant.id, currency: order.currency }))?.amount);
    if (unitPrice === null || unitPrice === undefined) throw InvalidResourceError.field('variant_id', `has no price in ${order.currency}`);
    // The line item written and, in the same statement, what it needs of the stock and what the stock can supply.
    const [row]: Array<{ id: number; quantity: number; required: number } & VariantSupply> = await queryPrepared(
      em,
      `WITH item AS (
         INSERT INTO line_items (order_id, variant_id, quantity, price, cost_price, currency)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (order_id, variant_id) DO UPDATE
           SET quantity = line_items.quantity + EXCLUDED.quantity,
               price = CASE WHEN $7::boolean THEN EXCLUDED.price ELSE line_items.price END,
               updated_at = now()
         RETURNING id, quantity)
       SELECT item.id, item.quantity, item.quantity - (${TAKEN_UNITS('item.id')}) AS required, supply.*
         FROM item, LATERAL (${variantSupplySql('$2')}) supply`,
      [order.id, variant.id, quantity, moneyIn(unitPrice, order.currency), variant.costPrice, order.currency, price !== undefined],
    );
    if (row.quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
    if (!canSupply(row, row.required)) throw await this.notAvailable(em, variant.id, order.currency);
    return { id: row.id, quantity: row.quantity };
  }

  /** 422 on `quantity` when the stock cannot supply what the line item's units do not hold yet. */
  private async requireSupply(em: EntityManager, lineItemId: number): Promise<void> {
    const [row]: Array<{ variant_id: number; currency: string; required: number } & VariantSupply> = await em.query(
      `SELECT li.variant_id, li.currency, li.quantity - (${TAKEN_UNITS('li.id')}) AS required, supply.*
         FROM line_items li, LATERAL (${variantSupplySql('li.variant_id')}) supply
        WHERE li.id = $1`,
      [lineItemId],
    );
    if (!canSupply(row, row.required)) throw await this.notAvailable(em, row.variant_id, row.currency);
  }

  /** Spree's text: `Selected quantity of "Product (Size: M, Color: Red)" is not available.` */
  private async notAvailable(em: EntityManager, variantId: number, currency: string): Promise<InvalidResourceError> {
    const [{ name }] = await em.query(`SELECT p.name FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`, [variantId]);
    const options = optionsText(await loadVariantDetails(em, [variantId], currency), variantId);
    const item = options === '' ? name : `${name} (${options})`;
    return InvalidResourceError.field('quantity', `Selected quantity of ${JSON.stringify(item)} is not available.`);
  }

  async find(em: EntityManager, order: Order, lineItemId: number): Promise<LineItem> {
    const item = await findOrFail(em, LineItem, { id: lineItemId, orderId: order.id });
    return item;
  }

  /**
   * Spree's `ensure_updated_shipments`: proposed shipments no longer match the
   * order (its items or ship address changed), so they go and the checkout
   * restarts at the address step. A completed order keeps its shipments.
   */
  async restartCheckout(em: EntityManager, order: Order): Promise<void> {
    if (!inCheckout(order.state)) return;
    if ((await this.shipments.removeAll(em, order.id)) === 0) return;
    const restart = orderTransition(order.state, 'restart');
    if (restart) await moveOrderState(em, order, restart, null);
  }

  /** The line items' tax totals, as the order updater computed them. */
  async writeTaxTotals(em: EntityManager, totals: ItemTaxTotals): Promise<void> {
    await em.query(itemTaxTotalsUpdateSql('line_items'), [totals.ids, totals.additional, totals.included, totals.preTax]);
  }
}
