import { Injectable } from '@nestjs/common';
import { raiseEvent } from '../../common/events/events';
import { EntityManager } from 'typeorm';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { MONEY_DECIMALS, moneyIn, moneyString } from '../../common/money/money';
import { unusedNumber } from '../../common/numbers/random-number';
import { withStateHistory } from '../../common/state-history/state-history';
import { PackedUnits, packedUnitsParams, packUnitsSql, shipUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { ItemTaxTotals, itemTaxTotalsUpdateSql } from '../../tax/tax-rates/tax-calculator';
import { Shipment } from './entities/shipment.entity';
import { ShipmentEvent, shipmentEvent, ShipmentState, shipmentTransition } from './shipment-states';
import { EstimatedRate, ShippingRateEstimator } from './shipping-rate-estimator';
import { LocationStock, PackableItem, packableItem, packItems } from './stock-coordinator';
import { preparedStatement, queryPrepared } from '../../common/db/prepared-statement';
import { keepRead, keptRead } from '../../common/db/transaction-reads';

/**
 * What a proposal reads, in one prepared statement: the ship address's country and state ($2), the order's line items
 * as `packableItem` reads them, and their variants' live stock items at active locations (as `buildPackages` reads
 * them, by location then item).
 */
const PROPOSAL_READ = preparedStatement(
  'shipments-proposal-read',
  `SELECT a.country_id, a.state_id,
          (SELECT json_agg(json_build_object('id', li.id, 'variant_id', li.variant_id, 'quantity', li.quantity, 'amount', (li.price * li.quantity)::text,
                                             'track_inventory', v.track_inventory, 'name', p.name, 'shipping_category_id', p.shipping_category_id) ORDER BY li.id)
             FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
            WHERE li.order_id = $1) AS items,
          (SELECT json_agg(json_build_object('stock_location_id', si.stock_location_id, 'variant_id', si.variant_id, 'count_on_hand', si.count_on_hand,
                                             'backorderable', si.backorderable) ORDER BY si.stock_location_id, si.id)
             FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id
            WHERE si.variant_id IN (SELECT variant_id FROM line_items WHERE order_id = $1) AND si.deleted_at IS NULL AND sl.active) AS stock
     FROM (SELECT 1) one LEFT JOIN addresses a ON a.id = $2`,
);

const REMOVE_ALL = preparedStatement('shipments-remove-all', `WITH gone AS (DELETE FROM shipments WHERE order_id = $1 RETURNING id) SELECT count(*)::int AS count FROM gone`);
const SELECT_RATE = preparedStatement(
  'shipments-select-rate',
  `WITH rate AS (SELECT sr.id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id WHERE sr.id = $1 AND s.id = $2 AND s.order_id = $3),
        unselected AS (UPDATE shipping_rates SET selected = false, updated_at = now()
                        WHERE shipment_id = $2 AND selected AND id <> $1 AND EXISTS (SELECT 1 FROM rate))
   SELECT id FROM rate`,
);
const MARK_SELECTED = preparedStatement('shipments-mark-selected', `UPDATE shipping_rates SET selected = true, updated_at = now() WHERE id = $1 AND NOT selected`);
const ALL_SELECTED = preparedStatement(
  'shipments-all-selected',
  `SELECT count(*)::int AS shipments, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM shipping_rates sr WHERE sr.shipment_id = s.id AND sr.selected))::int AS selected
     FROM shipments s WHERE s.order_id = $1`,
);

/** A proposed shipment, its rates (cheapest first, and selected) and its pending units, in one statement. */
const PROPOSED_SHIPMENT = preparedStatement(
  'shipments-propose',
  () => `WITH shipment AS (
           INSERT INTO shipments (order_id, number, stock_location_id, state, cost) VALUES ($1, $2, $3, 'pending', $4) RETURNING id),
         rates AS (
           INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected)
           SELECT shipment.id, r.method_id, r.cost, r.n = 1 FROM shipment, unnest($5::int[], $6::numeric[]) WITH ORDINALITY AS r(method_id, cost, n) ORDER BY r.n)
         ${packUnitsSql({ orderId: '$1', shipmentId: 'shipment.id', from: 'shipment', units: ['$7', '$8', '$9', '$10'], pending: true })}`,
);

export type ProposalResult = { ok: true } | { ok: false; errors: string[] };

/** An event and its history in one statement; the state it leaves is checked again (the caller holds the order's lock). */
const FIRE = withStateHistory(
  'shipment',
  `UPDATE shipments SET state = $3::varchar, shipped_at = CASE WHEN $3::varchar = 'shipped' THEN $5::timestamptz ELSE shipped_at END, updated_at = now()
    WHERE id = $1 AND state = $2
    RETURNING id, $2::varchar AS previous_state, state AS next_state`,
  '$4::int',
);

/** An event (`cancel`, `resume`) for each shipment of an order the table lets take it ($3: its from-states, $2: where it leads), each move recorded, in one statement. */
const FIRE_FOR_ORDER = withStateHistory(
  'shipment',
  `UPDATE shipments s SET state = $2, updated_at = now()
     FROM (SELECT id, state FROM shipments WHERE order_id = $1 AND state = ANY($3)) old
    WHERE s.id = old.id
    RETURNING s.id, old.state AS previous_state, s.state AS next_state`,
  '$4::int',
);

/**
 * Shipments of orders, and the only writer of `shipments` and
 * `shipping_rates`. While an order is checked out: proposes its shipments
 * from stock (one per stock location), prices them with the shipping
 * methods that can deliver to the ship address, and keeps the shopper's
 * choice of rate. Once placed: the fulfilment's changes (shipments API),
 * the events of the state table, and what the order updater derives
 * (costs, taxes, states).
 */
const noShipmentsKey = (orderId: number) => `order-without-shipments:${orderId}`;

@Injectable()
export class ShipmentsService {
  constructor(private readonly estimator: ShippingRateEstimator) {}

  /**
   * Spree's `create_proposed_shipments` + `ensure_available_shipping_rates`:
   * replaces the order's shipments with fresh ones, each with its inventory
   * units (still pending) and its rates, the cheapest selected.
   */
  async propose(em: EntityManager, order: { id: number; currency: string; shipAddressId: number | null }): Promise<ProposalResult> {
    await this.removeAll(em, order.id);
    if (!order.shipAddressId) return { ok: false, errors: ['We are unable to calculate shipping rates for the selected items.'] };
    // The ship address's country and state, the line items and their variants' stock, in one statement.
    const [read] = await PROPOSAL_READ(em).run<{ country_id: number | null; state_id: number | null; items: Record<string, unknown>[] | null; stock: LocationStock[] | null }>(em, [
      order.id,
      order.shipAddressId,
    ]);
    const address = read;
    const items: PackableItem[] = (read.items ?? []).map(packableItem);

    const packing = packItems(items, read.stock ?? []);
    if (!packing.ok) return { ok: false, errors: packing.unavailable.map((i) => `Selected quantity of "${i.name}" is not available.`) };

    for (const pkg of packing.packages) {
      const rates = await this.estimator.estimate(em, pkg, { countryId: address?.country_id ?? null, stateId: address?.state_id ?? null }, order.currency);
      if (rates.length === 0) return { ok: false, errors: ['We are unable to calculate shipping rates for the selected items.'] };
      const number = await unusedNumber(em, 'shipments', 'H', 11);
      // The shipment, its rates (cheapest first, and selected) and its pending units in one statement.
      const units: PackedUnits[] = pkg.lines.flatMap((line) => [
        { lineItemId: line.item.lineItemId, variantId: line.item.variantId, state: 'on_hand' as const, count: line.onHand },
        { lineItemId: line.item.lineItemId, variantId: line.item.variantId, state: 'backordered' as const, count: line.backordered },
      ]).filter((u) => u.count > 0);
      await PROPOSED_SHIPMENT(em).run(
        em,
        [
          order.id,
          number,
          pkg.stockLocationId,
          moneyIn(rates[0].cost, order.currency),
          rates.map((r) => r.shippingMethodId),
          rates.map((r) => moneyIn(r.cost, order.currency)),
          ...packedUnitsParams(units),
        ],
      );
    }
    return { ok: true };
  }

  /**
   * Drops the order's shipments (their rates and units go with them), in one statement; returns how many there were.
   * Their tax adjustments are left to the order updater, which every caller runs next: it replaces all of an order's.
   */
  async removeAll(em: EntityManager, orderId: number): Promise<number> {
    // Removed already by this transaction, which has written nothing since (an address step restarts the checkout,
    // then proposes): none to remove. The order's row lock keeps other requests from adding any meanwhile.
    if (keptRead(em, noShipmentsKey(orderId))) return 0;
    const [{ count }] = await REMOVE_ALL(em).run<{ count: number }>(em, [orderId]);
    keepRead(em, noShipmentsKey(orderId), true);
    return count;
  }

  /** Sets a shipment's rates, the one of `selectedMethodId` selected. */
  async replaceRates(em: EntityManager, shipmentId: number, rates: EstimatedRate[], selectedMethodId: number): Promise<void> {
    await em.query(`DELETE FROM shipping_rates WHERE shipment_id = $1`, [shipmentId]);
    await em.query(
      `INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected)
       SELECT $1, r.method_id, r.cost, r.method_id = $4 FROM unnest($2::int[], $3::numeric[]) AS r(method_id, cost)`,
      // Costs come priced in the order's currency (its places, at most the column's): kept as they are.
      [shipmentId, rates.map((r) => r.shippingMethodId), rates.map((r) => moneyString(r.cost, MONEY_DECIMALS)), selectedMethodId],
    );
  }

  /** Drops one shipment (its rates and units go with it; its tax adjustments are the updater's, as for `removeAll`). */
  async remove(em: EntityManager, shipmentId: number): Promise<void> {
    await em.query(`DELETE FROM shipments WHERE id = $1`, [shipmentId]);
  }

  /** Selects one of a shipment's rates (422 when the shipment or rate is not the order's). */
  async selectRate(em: EntityManager, orderId: number, shipmentId: number, rateId: number, field = 'shipments.selected_shipping_rate_id'): Promise<void> {
    // The rate is checked to be the shipment's (and the order's) and the others unselected in one statement; it is
    // selected in a second (at most one selected rate per shipment is a unique index, checked row by row).
    const [rate] = await SELECT_RATE(em).run(em, [rateId, shipmentId, orderId]);
    if (!rate) throw InvalidResourceError.field(field, 'is not a shipping rate of this shipment');
    await MARK_SELECTED(em).run(em, [rateId]);
  }

  /** Spree's delivery → payment guard: every shipment has a selected rate. */
  async allHaveSelectedRate(em: EntityManager, orderId: number): Promise<boolean> {
    const [row] = await ALL_SELECTED(em).run<{ shipments: number; selected: number }>(em, [orderId]);
    return row.shipments > 0 && row.shipments === row.selected;
  }

  // ---------------------------------------------------------------- placed orders

  /** A new, empty shipment of a placed order from a stock location (the shipments API's `create`). */
  async create(em: EntityManager, orderId: number, stockLocationId: number): Promise<Shipment> {
    const number = await unusedNumber(em, 'shipments', 'H', 11);
    const [{ id }] = await em.query(
      `INSERT INTO shipments (order_id, number, stock_location_id, state, cost) VALUES ($1, $2, $3, 'pending', 0) RETURNING id`,
      [orderId, number, stockLocationId],
    );
    return em.findOneByOrFail(Shipment, { id });
  }

  async setTracking(em: EntityManager, shipment: Shipment, tracking: string | null): Promise<void> {
    await em.update(Shipment, shipment.id, { tracking });
    shipment.tracking = tracking;
  }

  /** The shipment leaves from another stock location (the caller moves its stock and repacks its units). */
  async setStockLocation(em: EntityManager, shipment: Shipment, stockLocationId: number): Promise<void> {
    await em.update(Shipment, shipment.id, { stockLocationId });
    shipment.stockLocationId = stockLocationId;
  }

  /**
   * Fires `event` on the shipment when the state table allows it from its
   * state, recorded in its history with who fired it; false (nothing
   * written) when the table does not. `shipped` also stamps shipped_at.
   */
  async fire(em: EntityManager, shipment: Shipment, event: ShipmentEvent, userId: number | null): Promise<boolean> {
    const from = shipment.state as ShipmentState;
    const to = shipmentTransition(from, event);
    if (!to) return false;
    const moved = await em.query(FIRE, [shipment.id, from, to, userId, new Date()]);
    if (moved.length !== 1) throw new Error(`shipment ${shipment.id} was no longer ${from}`);
    shipment.state = to;
    if (to === 'shipped' || to === 'ready') raiseEvent(em, to === 'shipped' ? 'shipment.shipped' : 'shipment.ready', { resource: 'shipment', id: shipment.id });
    return true;
  }

  /**
   * An order import's shipment that left before it reached us: shipped at
   * `shippedAt`, its units shipped with it. Set as Spree's importer sets the
   * column (no event, no history); the caller took the units' stock.
   */
  async markImportedShipped(em: EntityManager, shipmentId: number, shippedAt: Date): Promise<void> {
    await em.query(`UPDATE shipments SET state = 'shipped', shipped_at = $2, updated_at = now() WHERE id = $1`, [shipmentId, shippedAt]);
    await shipUnits(em, shipmentId);
  }

  /** Spree's `after_cancel` of an order: each shipment the table lets cancel is canceled, each move recorded. */
  async cancelForOrder(em: EntityManager, orderId: number, userId: number | null): Promise<void> {
    const cancel = shipmentEvent('cancel');
    await em.query(FIRE_FOR_ORDER, [orderId, cancel.to, cancel.from, userId]);
  }

  /**
   * Spree's `after_resume` of an order: each canceled shipment is resumed
   * (`ready` by the table, each move recorded); the order's recompute then
   * sets the state its order decides (`pending` until it is paid again).
   */
  async resumeForOrder(em: EntityManager, orderId: number, userId: number | null): Promise<void> {
    const resume = shipmentEvent('resume');
    await em.query(FIRE_FOR_ORDER, [orderId, resume.to, resume.from, userId]);
  }

  /** Spree touches the shipments a unit moves between. */
  async touch(em: EntityManager, ids: number[]): Promise<void> {
    if (ids.length > 0) await em.query(`UPDATE shipments SET updated_at = now() WHERE id = ANY($1::int[])`, [ids]);
  }

  // ---------------------------------------------------------------- what the order updater derives

  /** Each shipment of the order costs what its selected rate costs (written where that changed). */
  async updateCosts(em: EntityManager, orderId: number): Promise<void> {
    await queryPrepared(
      em,
      `UPDATE shipments s SET cost = COALESCE((SELECT sr.cost FROM shipping_rates sr WHERE sr.shipment_id = s.id AND sr.selected), 0), updated_at = now()
        WHERE s.order_id = $1 AND s.cost IS DISTINCT FROM COALESCE((SELECT sr.cost FROM shipping_rates sr WHERE sr.shipment_id = s.id AND sr.selected), 0)`,
      [orderId],
    );
  }

  async writeTaxTotals(em: EntityManager, totals: ItemTaxTotals): Promise<void> {
    await em.query(itemTaxTotalsUpdateSql('shipments'), [totals.ids, totals.additional, totals.included, totals.preTax]);
  }

  /**
   * Spree's `Shipment#update!`: the shipments take the states their order
   * decided (`determineShipmentState`, in `computeOrderTotals`), set in one
   * statement without history, as Spree sets the column.
   */
  async writeStates(em: EntityManager, changed: ReadonlyArray<{ id: number; state: ShipmentState }>): Promise<void> {
    if (changed.length === 0) return;
    await em.query(`UPDATE shipments s SET state = v.state, updated_at = now() FROM unnest($1::int[], $2::varchar[]) AS v(id, state) WHERE s.id = v.id`, [
      changed.map((c) => c.id),
      changed.map((c) => c.state),
    ]);
    for (const c of changed) if (c.state === 'ready') raiseEvent(em, 'shipment.ready', { resource: 'shipment', id: c.id });
  }
}
