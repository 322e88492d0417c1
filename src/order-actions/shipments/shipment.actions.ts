import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { repackUnits, shipUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { PACKED_STATES } from '../../inventory/inventory-units/inventory-unit-states';
import { OrderContents } from '../../orders/line-items/order-contents.service';
import { Order } from '../../orders/order/entities/order.entity';
import { Shipment } from '../../fulfilment/shipments/entities/shipment.entity';
import { determineShipmentState, orderShippingFacts, ShipmentEvent, ShipmentState } from '../../fulfilment/shipments/shipment-states';
import { AdminShipmentJson } from '../../fulfilment/shipments/shipment.serializer';
import { AdminShipmentView } from '../../fulfilment/shipments/admin-shipment-view';
import { OrderInventory } from '../../fulfilment/shipments/order-inventory';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { ShippingRateEstimator } from '../../fulfilment/shipments/shipping-rate-estimator';
import { Package, packableItem } from '../../fulfilment/shipments/stock-coordinator';
import { findOrFail } from '../../common/db/find-or-fail';
import { OrderActionRunner, OrderChange } from '../order-action-runner';

/** Spree's `spree.api.shipment.cannot_ready` and its sibling for ship. */
export const CANNOT = { ready: 'Cannot ready shipment.', ship: 'Cannot ship shipment.' } as const;

export interface ShipmentChanges {
  tracking?: string | null;
  selectedShippingRateId?: number;
  stockLocationId?: number;
  /** Spree's `unlock=yes`: price the shipment again from the shipping methods. */
  recalculate?: boolean;
}

/** Where a shipment request points: by shipment number, optionally under an order number. */
export interface ShipmentRef {
  number: string;
  orderNumber?: string;
}

/**
 * The shipments API's actions (Spree's admin shipments API: what store staff
 * do with shipments of placed orders): split off a new shipment, change
 * tracking, rate or stock location, mark ready, ship, and add or remove
 * units. Run by the OrderActionRunner (one transaction holding the order's
 * row lock, the order's totals and states recomputed after the action);
 * stock moves through the StockLedger.
 */
@Injectable()
export class ShipmentActions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: OrderActionRunner,
    private readonly view: AdminShipmentView,
    private readonly contents: OrderContents,
    private readonly shipments: ShipmentsService,
    private readonly ledger: StockLedger,
    private readonly inventory: OrderInventory,
    private readonly estimator: ShippingRateEstimator,
  ) {}

  /**
   * Spree's `create`: a new shipment from a stock location holding `quantity`
   * of a variant, for a placed order or one in checkout (whose units wait,
   * pending, for completion to take their stock; its checkout is not restarted).
   */
  async create(orderNumber: string, p: { stockLocationId: number; variantId: number; quantity: number }): Promise<AdminShipmentJson> {
    return this.runner.run(
      orderNumber,
      async ({ em, order }) => {
        if (order.state === 'canceled') throw InvalidResourceError.field('order', 'is canceled');
        await this.requireActiveLocation(em, p.stockLocationId);
        const shipment = await this.shipments.create(em, order.id, p.stockLocationId);
        await this.addUnits(em, order, shipment, p.variantId, p.quantity);
        return shipment.id;
      },
      ({ em }, shipmentId) => this.view.render(em, shipmentId),
    );
  }

  async update(ref: ShipmentRef, changes: ShipmentChanges): Promise<AdminShipmentJson> {
    return this.withShipment(ref, async ({ em, order }, shipment) => {
      await this.apply(em, order, shipment, changes);
    });
  }

  /** Spree's `ready`: 422 "Cannot ready shipment." unless the order is complete, paid and nothing is backordered. */
  async ready(ref: ShipmentRef, changes: ShipmentChanges, caller: Caller): Promise<AdminShipmentJson> {
    return this.withShipment(ref, async (change, shipment) => {
      const { em } = change;
      await this.apply(em, change.order, shipment, changes);
      // The order's payment and shipment states as they stand now (the updater readies shipments of paid orders itself).
      await change.totals();
      const order = await em.findOneByOrFail(Order, { id: change.order.id });
      shipment = await em.findOneByOrFail(Shipment, { id: shipment.id });
      if (shipment.state !== 'ready') {
        const [{ backordered }] = await em.query(
          `SELECT EXISTS (SELECT 1 FROM inventory_units WHERE shipment_id = $1 AND state = 'backordered') AS backordered`,
          [shipment.id],
        );
        const allowed = determineShipmentState(shipment.state as ShipmentState, orderShippingFacts(order), backordered) === 'ready';
        await this.fire(em, shipment, 'ready', allowed, caller);
      }
      change.changed();
    });
  }

  /** Spree's `ship`: a ready shipment goes out; its units are shipped and the order's shipment state follows. */
  async ship(ref: ShipmentRef, changes: ShipmentChanges, caller: Caller): Promise<AdminShipmentJson> {
    return this.withShipment(ref, async ({ em, order }, shipment) => {
      await this.apply(em, order, shipment, changes);
      if (shipment.state !== 'shipped') {
        await this.fire(em, shipment, 'ship', true, caller);
        await shipUnits(em, shipment.id);
      }
    });
  }

  /** Spree's `add`: `quantity` more units of a variant in this shipment (its line item grows; stock is taken). */
  async add(ref: ShipmentRef, variantId: number, quantity: number): Promise<AdminShipmentJson> {
    return this.withShipment(ref, async ({ em, order }, shipment) => {
      this.requirePlaced(order);
      await this.addUnits(em, order, shipment, variantId, quantity);
    });
  }

  /**
   * Spree's `remove`: `quantity` units of a variant leave this shipment (its
   * line item shrinks; stock is put back). A shipment left empty is deleted,
   * as in Spree; the answer then shows it with an empty manifest.
   */
  async remove(ref: ShipmentRef, variantId: number, quantity: number): Promise<AdminShipmentJson> {
    return this.withShipment(ref, async (change, shipment) => {
      const { em, order } = change;
      this.requirePlaced(order);
      this.requireEditable(shipment);
      const [{ units }] = await em.query(`SELECT count(*)::int AS units FROM inventory_units WHERE shipment_id = $1 AND variant_id = $2 AND state = ANY($3)`, [
        shipment.id,
        variantId,
        PACKED_STATES,
      ]);
      if (units === 0) throw InvalidResourceError.field('variant_id', 'is not in this shipment');
      if (quantity > units) throw InvalidResourceError.field('quantity', `is more than the shipment holds (${units})`);
      // Backordered units go first: they are not on the shelf yet.
      await this.inventory.removeFromShipment(em, shipment, variantId, quantity);
      await this.contents.removeForFulfilment(em, order, variantId, quantity);
      // The answer shows the shipment before an empty one goes: rendered with the totals as they now are.
      await change.totals();
      const json = await this.view.render(em, shipment.id);
      const [{ left }] = await em.query(`SELECT count(*)::int AS left FROM inventory_units WHERE shipment_id = $1`, [shipment.id]);
      if (left === 0) {
        await this.shipments.remove(em, shipment.id);
        change.changed();
      }
      return json;
    }, async (_change, json) => json);
  }

  /** Tracking, rate choice, stock location and re-pricing, as sent; shipped shipments only take tracking. */
  private async apply(em: EntityManager, order: Order, shipment: Shipment, changes: ShipmentChanges): Promise<void> {
    if (changes.tracking !== undefined) await this.shipments.setTracking(em, shipment, changes.tracking);
    if (changes.stockLocationId !== undefined && changes.stockLocationId !== shipment.stockLocationId) {
      this.requireEditable(shipment, 'stock_location_id');
      await this.relocate(em, order, shipment, changes.stockLocationId);
    }
    if (changes.recalculate) {
      this.requireEditable(shipment, 'unlock');
      await this.refreshRates(em, order, shipment);
    }
    if (changes.selectedShippingRateId !== undefined) {
      this.requireEditable(shipment, 'selected_shipping_rate_id');
      await this.shipments.selectRate(em, order.id, shipment.id, changes.selectedShippingRateId, 'selected_shipping_rate_id');
    }
  }

  /** Fires `event` on the shipment through the state table (422 when the table or `allowed` says no). */
  private async fire(em: EntityManager, shipment: Shipment, event: ShipmentEvent & keyof typeof CANNOT, allowed: boolean, caller: Caller): Promise<void> {
    if (!allowed || !(await this.shipments.fire(em, shipment, event, caller.userId))) {
      throw new InvalidResourceError({ state: [`cannot ${event} a ${shipment.state} shipment`] }, CANNOT[event]);
    }
  }

  /**
   * Puts `quantity` units of a variant into the shipment, its line item
   * grown by as many (OrderInventory.addToShipment: a placed order's stock is
   * taken at the shipment's location, an order in checkout's when it completes).
   */
  private async addUnits(em: EntityManager, order: Order, shipment: Shipment, variantId: number, quantity: number): Promise<void> {
    this.requireEditable(shipment);
    const item = await this.contents.addForFulfilment(em, order, variantId, quantity);
    await this.inventory.addToShipment(em, order, shipment, item.id, variantId, quantity);
  }

  /** A new stock location for the shipment: its units' stock goes back to the old one and is taken at the new one. */
  private async relocate(em: EntityManager, order: Order, shipment: Shipment, stockLocationId: number): Promise<void> {
    await this.requireActiveLocation(em, stockLocationId);
    const taken = order.completedAt !== null;
    const groups: Array<{ variant_id: number; units: number; ids: number[] }> = await em.query(
      `SELECT variant_id, count(*)::int AS units, array_agg(id ORDER BY id) AS ids FROM inventory_units
        WHERE shipment_id = $1 AND state = ANY($2) GROUP BY variant_id ORDER BY variant_id`,
      [shipment.id, PACKED_STATES],
    );
    const from = shipment.stockLocationId;
    if (taken && groups.length > 0) await this.ledger.lockItems(em, [from, stockLocationId], groups.map((g) => g.variant_id));
    for (const g of groups) {
      if (!taken) continue;
      await this.ledger.moveVariant(em, { stockLocationId: from, variantId: g.variant_id, quantity: g.units, originatorType: 'Spree::Shipment', originatorId: shipment.id });
    }
    await this.shipments.setStockLocation(em, shipment, stockLocationId);
    for (const g of groups) {
      if (!taken) continue;
      const { onHand } = await this.inventory.takeStock(em, shipment, g.variant_id, g.units).catch((error) => {
        throw error instanceof InvalidResourceError ? InvalidResourceError.field('stock_location_id', 'does not have the shipment’s units on hand, and takes no backorders') : error;
      });
      await repackUnits(em, g.ids, g.ids.slice(0, onHand));
    }
  }

  /**
   * Spree's `refresh_rates` (what `unlock=yes` asks for): the shipment is
   * priced again by the shipping methods that can deliver it now; the same
   * method stays selected when it still can, otherwise the cheapest.
   */
  private async refreshRates(em: EntityManager, order: Order, shipment: Shipment): Promise<void> {
    const lines: Array<Record<string, unknown>> = await em.query(
      `SELECT li.id, li.variant_id, li.quantity, li.price * li.quantity AS amount, v.track_inventory, p.name, p.shipping_category_id,
              count(*) FILTER (WHERE iu.state <> 'backordered')::int AS on_hand, count(*) FILTER (WHERE iu.state = 'backordered')::int AS backordered
         FROM inventory_units iu JOIN line_items li ON li.id = iu.line_item_id
         JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
        WHERE iu.shipment_id = $1 GROUP BY li.id, v.track_inventory, p.name, p.shipping_category_id ORDER BY li.id`,
      [shipment.id],
    );
    const pkg: Package = {
      stockLocationId: shipment.stockLocationId,
      lines: lines.map((r) => ({
        item: packableItem(r),
        onHand: Number(r.on_hand),
        backordered: Number(r.backordered),
      })),
    };
    const [address] = order.shipAddressId ? await em.query(`SELECT country_id, state_id FROM addresses WHERE id = $1`, [order.shipAddressId]) : [];
    const rates = await this.estimator.estimate(em, pkg, { countryId: address?.country_id ?? null, stateId: address?.state_id ?? null }, order.currency);
    if (rates.length === 0) throw InvalidResourceError.field('unlock', 'no shipping method can deliver this shipment');
    const [current] = await em.query(`SELECT shipping_method_id FROM shipping_rates WHERE shipment_id = $1 AND selected`, [shipment.id]);
    const keep = rates.find((r) => r.shippingMethodId === Number(current?.shipping_method_id)) ?? rates[0];
    await this.shipments.replaceRates(em, shipment.id, rates, keep.shippingMethodId);
  }

  /**
   * Finds the shipment (under its order when the route names one) and runs `action` on it through the runner; the
   * answer is the shipment as it then is, unless `render` says otherwise.
   */
  private async withShipment<A>(
    ref: ShipmentRef,
    action: (change: OrderChange, shipment: Shipment) => Promise<A>,
    render?: (change: OrderChange, done: A) => Promise<AdminShipmentJson>,
  ): Promise<AdminShipmentJson> {
    const [found] = await this.dataSource.query(`SELECT o.number FROM shipments s JOIN orders o ON o.id = s.order_id WHERE s.number = $1`, [ref.number]);
    if (!found || (ref.orderNumber !== undefined && found.number !== ref.orderNumber)) throw new NotFoundError();
    let shipmentId = 0;
    return this.runner.run(
      found.number,
      async (change) => {
        // Re-read under the order's lock: the shipment may have been removed meanwhile.
        const shipment = await findOrFail(change.em, Shipment, { number: ref.number, orderId: change.order.id });
        shipmentId = shipment.id;
        return action(change, shipment);
      },
      (change, done) => (render ? render(change, done) : this.view.render(change.em, shipmentId)),
    );
  }

  /** Units are added and removed on placed orders only: a checkout's shipments are proposals, made again at each step. */
  private requirePlaced(order: Order): void {
    if (!order.completedAt) throw InvalidResourceError.field('order', 'is not complete: its shipments are proposed by the checkout');
    if (order.state === 'canceled') throw InvalidResourceError.field('order', 'is canceled');
  }

  private async requireActiveLocation(em: EntityManager, stockLocationId: number): Promise<void> {
    const [location] = await em.query(`SELECT id FROM stock_locations WHERE id = $1 AND active`, [stockLocationId]);
    if (!location) throw InvalidResourceError.field('stock_location_id', 'is not an active stock location');
  }

  /** Spree's `editable_by?`: a shipment that has gone out (or was canceled) no longer changes. */
  private requireEditable(shipment: Shipment, field = 'state'): void {
    if (shipment.state === 'shipped' || shipment.state === 'canceled') throw InvalidResourceError.field(field, `cannot change a ${shipment.state} shipment`);
  }
}
