import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { moneyString } from '../../common/money/money';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { inCheckout } from '../checkout/checkout-flow';
import { Order } from '../orders/entities/order.entity';
import { OrderUpdater } from '../orders/order-updater.service';
import { LineItem } from './entities/line-item.entity';

/** Most units of one variant a line item may hold (inventory is tracked per unit). */
export const MAX_LINE_ITEM_QUANTITY = 10000;

const tooMany = () => InvalidResourceError.field('quantity', `must be less than or equal to ${MAX_LINE_ITEM_QUANTITY}`);
const notEditable = () => InvalidResourceError.field('base', 'The order is no longer in checkout: its line items cannot be changed.');

/**
 * Spree's OrderContents: adds, changes and removes line items. Every change
 * drops the order's proposed shipments (their packages no longer match) and
 * sends the checkout back to the address step, then recomputes the totals.
 * Callers hold the order's row lock.
 */
@Injectable()
export class OrderContents {
  constructor(
    private readonly updater: OrderUpdater,
    private readonly shipments: ShipmentsService,
  ) {}

  /** Adds `quantity` of a variant; the same variant again raises the existing line item's quantity. */
  async add(em: EntityManager, order: Order, variantId: number, quantity: number, price?: string): Promise<LineItem> {
    if (!inCheckout(order.state)) throw notEditable();
    if (quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
    const [variant] = await em.query(
      `SELECT v.id, v.cost_price, pr.amount AS price,
              (v.deleted_at IS NULL AND p.deleted_at IS NULL AND p.available_on IS NOT NULL AND p.available_on <= now()) AS purchasable
         FROM variants v JOIN products p ON p.id = v.product_id
         LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $2
        WHERE v.id = $1`,
      [variantId, order.currency],
    );
    if (!variant || !variant.purchasable) throw InvalidResourceError.field('variant_id', 'is not a variant that can be bought');
    const unitPrice = price ?? variant.price;
    if (unitPrice === null || unitPrice === undefined) throw InvalidResourceError.field('variant_id', `has no price in ${order.currency}`);

    const [row] = await em.query(
      `INSERT INTO line_items (order_id, variant_id, quantity, price, cost_price, currency)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_id, variant_id) DO UPDATE
         SET quantity = line_items.quantity + EXCLUDED.quantity,
             price = CASE WHEN $7::boolean THEN EXCLUDED.price ELSE line_items.price END,
             updated_at = now()
       RETURNING id, quantity`,
      [order.id, variantId, quantity, moneyString(unitPrice), variant.cost_price, order.currency, price !== undefined],
    );
    if (row.quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
    await this.changed(em, order);
    return em.findOneByOrFail(LineItem, { id: row.id });
  }

  /** Sets a line item's quantity (and, for admins, its price). */
  async update(em: EntityManager, order: Order, lineItemId: number, changes: { quantity?: number; price?: string }): Promise<LineItem> {
    if (!inCheckout(order.state)) throw notEditable();
    const item = await this.find(em, order, lineItemId);
    if (changes.quantity !== undefined) {
      if (changes.quantity > MAX_LINE_ITEM_QUANTITY) throw tooMany();
      item.quantity = changes.quantity;
    }
    if (changes.price !== undefined) item.price = moneyString(changes.price);
    await em.save(item);
    await this.changed(em, order);
    return em.findOneByOrFail(LineItem, { id: item.id });
  }

  async remove(em: EntityManager, order: Order, lineItemId: number): Promise<void> {
    if (!inCheckout(order.state)) throw notEditable();
    const item = await this.find(em, order, lineItemId);
    await em.query(`DELETE FROM adjustments WHERE adjustable_type = 'Spree::LineItem' AND adjustable_id = $1`, [item.id]);
    await em.delete(LineItem, { id: item.id });
    await this.changed(em, order);
  }

  /** Spree's `empty!`: no line items, shipments or adjustments left. */
  async empty(em: EntityManager, order: Order): Promise<void> {
    if (!inCheckout(order.state)) throw notEditable();
    await this.shipments.removeAll(em, order.id);
    await em.query(`DELETE FROM adjustments WHERE order_id = $1`, [order.id]);
    await em.query(`DELETE FROM line_items WHERE order_id = $1`, [order.id]);
    await this.updater.update(em, order.id);
  }

  async find(em: EntityManager, order: Order, lineItemId: number): Promise<LineItem> {
    const item = await em.findOneBy(LineItem, { id: lineItemId, orderId: order.id });
    if (!item) throw new NotFoundError();
    return item;
  }

  /**
   * Spree's `ensure_updated_shipments`: proposed shipments no longer match the
   * order (its items or ship address changed), so they go and the checkout
   * restarts at the address step. A completed order keeps its shipments.
   */
  async restartCheckout(em: EntityManager, order: Order): Promise<void> {
    if (!inCheckout(order.state)) return;
    const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM shipments WHERE order_id = $1`, [order.id]);
    if (count === 0) return;
    await this.shipments.removeAll(em, order.id);
    order.state = 'address';
    await em.update(Order, order.id, { state: 'address' });
  }

  private async changed(em: EntityManager, order: Order): Promise<void> {
    await this.restartCheckout(em, order);
    await this.updater.update(em, order.id);
  }
}
