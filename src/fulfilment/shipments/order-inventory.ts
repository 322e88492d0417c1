import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { packUnits, removeUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { PACKED_STATES } from '../../inventory/inventory-units/inventory-unit-states';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { Shipment } from './entities/shipment.entity';
import { ShipmentsService } from './shipments.service';

/** What the inventory rules read of an order: a placed order's stock moves with its units; a checkout's is taken at completion. */
export interface InventoryOrder {
  id: number;
  completedAt: Date | null;
}

/** A line item as the inventory rules read it. */
export interface InventoryLineItem {
  id: number;
  variantId: number;
  quantity: number;
}

/** States of a shipment whose units may still change (Spree's `ready_or_pending?`). */
const OPEN_SHIPMENT_STATES = ['pending', 'ready'];

/**
 * Spree's OrderInventory: keeps an order's inventory units in step with its
 * line items once the order is placed (store staff editing it) or when a
 * shipment is named (the shipments API). Units go into and out of existing
 * shipments, never by rebuilding them; a placed order's stock is taken from,
 * or put back at, the shipment's stock location (StockLedger); units of an
 * order still in checkout are packed `pending`, their stock taken when it
 * completes. Shipped and canceled shipments are never changed. Callers hold
 * the order's row lock and run the order updater afterwards.
 */
@Injectable()
export class OrderInventory {
  constructor(
    private readonly shipments: ShipmentsService,
    private readonly ledger: StockLedger,
  ) {}

  /**
   * Spree's `verify` for a placed order: the line item's units follow its
   * quantity. More: the rest go into the first open shipment holding the
   * variant, else the first open one whose location stocks it. Fewer: waiting
   * units leave the open shipments, backordered first; a shipment left empty
   * goes. 422 when no shipment can take the units, or when what is left to
   * remove has already been shipped.
   */
  async verify(em: EntityManager, order: InventoryOrder, item: InventoryLineItem): Promise<void> {
    const [{ units }] = await em.query(`SELECT count(*)::int AS units FROM inventory_units WHERE line_item_id = $1`, [item.id]);
    if (units < item.quantity) {
      const shipment = await this.targetShipment(em, order.id, item.variantId);
      if (!shipment) throw InvalidResourceError.field('variant_id', 'cannot go in any shipment of this order that is not yet shipped: add a shipment for it (POST /api/shipments)');
      await this.addToShipment(em, order, shipment, item.id, item.variantId, item.quantity - units);
    } else if (units > item.quantity) {
      await this.removeFromLineItem(em, order, item, units - item.quantity);
    }
  }

  /** Every unit of the line item leaves its shipment (the line item goes next); 422 when some have been shipped. */
  async releaseLineItem(em: EntityManager, order: InventoryOrder, item: InventoryLineItem): Promise<void> {
    const [{ units }] = await em.query(`SELECT count(*)::int AS units FROM inventory_units WHERE line_item_id = $1`, [item.id]);
    await this.removeFromLineItem(em, order, item, units, 'base');
  }

  /**
   * Spree's `add_to_shipment`: `quantity` units of the variant go into the
   * shipment. A placed order takes their stock at the shipment's location in
   * the same request: as many as it had on hand are on hand, the rest
   * backordered (422 when the item takes no backorders). An order in checkout
   * packs them pending, split as the location's stock stands now.
   */
  async addToShipment(em: EntityManager, order: InventoryOrder, shipment: Shipment, lineItemId: number, variantId: number, quantity: number): Promise<void> {
    requireOpen(shipment);
    const placed = order.completedAt !== null;
    const { onHand, backordered } = placed ? await this.takeStock(em, shipment, variantId, quantity) : await this.fillStatus(em, shipment.stockLocationId, variantId, quantity);
    await packUnits(
      em,
      order.id,
      shipment.id,
      [
        { lineItemId, variantId, state: 'on_hand', count: onHand },
        { lineItemId, variantId, state: 'backordered', count: backordered },
      ],
      !placed,
    );
  }

  /**
   * Spree's `remove_from_shipment`: up to `quantity` waiting units of the
   * variant (of one line item when given) leave the shipment, backordered
   * first; the stock of those already taken goes back to the shipment's
   * location. Returns how many left. The caller deletes a shipment left empty.
   */
  async removeFromShipment(em: EntityManager, shipment: Shipment, variantId: number, quantity: number, lineItemId?: number): Promise<number> {
    if (quantity <= 0 || shipment.state === 'shipped' || shipment.state === 'canceled') return 0;
    const units: Array<{ id: number; pending: boolean }> = await em.query(
      `SELECT id, pending FROM inventory_units
        WHERE shipment_id = $1 AND variant_id = $2 AND state = ANY($3) AND ($4::int IS NULL OR line_item_id = $4)
        ORDER BY (state = 'backordered') DESC, id DESC LIMIT $5`,
      [shipment.id, variantId, PACKED_STATES, lineItemId ?? null, quantity],
    );
    if (units.length === 0) return 0;
    await removeUnits(em, units.map((u) => u.id));
    const taken = units.filter((u) => !u.pending).length;
    if (taken > 0) {
      await this.ledger.moveVariant(em, {
        stockLocationId: shipment.stockLocationId,
        variantId,
        quantity: taken,
        originatorType: 'Spree::Shipment',
        originatorId: shipment.id,
      });
    }
    return units.length;
  }

  /** Takes `quantity` of a variant at the shipment's location; says how many were on hand. */
  async takeStock(em: EntityManager, shipment: Shipment, variantId: number, quantity: number): Promise<{ onHand: number; backordered: number }> {
    const variant = await em.findOneByOrFail(Variant, { id: variantId });
    let countAfter: number;
    try {
      const { stockItem } = await this.ledger.moveVariant(em, {
        stockLocationId: shipment.stockLocationId,
        variantId,
        quantity: -quantity,
        originatorType: 'Spree::Shipment',
        originatorId: shipment.id,
      });
      countAfter = stockItem.countOnHand;
    } catch (error) {
      if (error instanceof InvalidResourceError) throw InvalidResourceError.field('quantity', 'is more than the stock location has on hand, and it takes no backorders');
      throw error;
    }
    if (!variant.trackInventory) return { onHand: quantity, backordered: 0 };
    const onHand = Math.min(quantity, Math.max(0, countAfter + quantity));
    return { onHand, backordered: quantity - onHand };
  }

  /** Spree's `fill_status`, without taking anything: how many of `quantity` the location has on hand now (422 when short and it takes no backorders). */
  private async fillStatus(em: EntityManager, stockLocationId: number, variantId: number, quantity: number): Promise<{ onHand: number; backordered: number }> {
    const [row] = await em.query(
      `SELECT v.track_inventory, si.count_on_hand, COALESCE(si.backorderable, sl.backorderable_default) AS backorderable
         FROM variants v CROSS JOIN stock_locations sl
         LEFT JOIN stock_items si ON si.variant_id = v.id AND si.stock_location_id = sl.id AND si.deleted_at IS NULL
        WHERE v.id = $1 AND sl.id = $2`,
      [variantId, stockLocationId],
    );
    if (!row || !row.track_inventory) return { onHand: quantity, backordered: 0 };
    const onHand = Math.min(quantity, Math.max(0, Number(row.count_on_hand ?? 0)));
    if (onHand < quantity && !row.backorderable) throw InvalidResourceError.field('quantity', 'is more than the stock location has on hand, and it takes no backorders');
    return { onHand, backordered: quantity - onHand };
  }

  /** Spree's `determine_target_shipment`: the first open shipment holding the variant, else the first open one whose location stocks it. */
  private async targetShipment(em: EntityManager, orderId: number, variantId: number): Promise<Shipment | null> {
    const [row] = await em.query(
      `SELECT s.id FROM shipments s
        WHERE s.order_id = $1 AND s.state = ANY($3)
          AND (EXISTS (SELECT 1 FROM inventory_units iu WHERE iu.shipment_id = s.id AND iu.variant_id = $2)
               OR EXISTS (SELECT 1 FROM stock_items si WHERE si.stock_location_id = s.stock_location_id AND si.variant_id = $2 AND si.deleted_at IS NULL))
        ORDER BY EXISTS (SELECT 1 FROM inventory_units iu WHERE iu.shipment_id = s.id AND iu.variant_id = $2) DESC, s.id
        LIMIT 1`,
      [orderId, variantId, OPEN_SHIPMENT_STATES],
    );
    return row ? em.findOneByOrFail(Shipment, { id: row.id }) : null;
  }

  /**
   * Spree's `remove`: `quantity` units of the line item leave the order's open
   * shipments, first shipment first; shipments left empty go. 422 on `field`
   * when fewer than that are still waiting (the rest have been shipped).
   */
  private async removeFromLineItem(em: EntityManager, order: InventoryOrder, item: InventoryLineItem, quantity: number, field = 'quantity'): Promise<void> {
    const [{ waiting }] = await em.query(
      `SELECT count(*)::int AS waiting FROM inventory_units iu JOIN shipments s ON s.id = iu.shipment_id
        WHERE iu.line_item_id = $1 AND iu.state = ANY($2) AND s.state = ANY($3)`,
      [item.id, PACKED_STATES, OPEN_SHIPMENT_STATES],
    );
    if (waiting < quantity) {
      const shipped = quantity - waiting;
      throw InvalidResourceError.field(field, field === 'quantity' ? `cannot be less than the units already shipped (${item.quantity + shipped})` : `${shipped} of its units have been shipped: it cannot be removed`);
    }
    const shipments = await em.find(Shipment, { where: { orderId: order.id }, order: { id: 'ASC' } });
    let left = quantity;
    for (const shipment of shipments) {
      if (left === 0) break;
      const removed = await this.removeFromShipment(em, shipment, item.variantId, left, item.id);
      left -= removed;
      if (removed > 0) await this.dropIfEmpty(em, shipment);
    }
  }

  /** A shipment left without units goes (Spree destroys it). */
  async dropIfEmpty(em: EntityManager, shipment: Shipment): Promise<boolean> {
    const [{ left }] = await em.query(`SELECT count(*)::int AS left FROM inventory_units WHERE shipment_id = $1`, [shipment.id]);
    if (left > 0) return false;
    await this.shipments.remove(em, shipment.id);
    return true;
  }
}

/** Spree's `editable_by?`: a shipment that has gone out (or was canceled) no longer changes. */
export function requireOpen(shipment: Shipment, field = 'state'): void {
  if (shipment.state === 'shipped' || shipment.state === 'canceled') throw InvalidResourceError.field(field, `cannot change a ${shipment.state} shipment`);
}
