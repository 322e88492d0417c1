import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { moneyString } from '../../common/money/money';
import { unusedNumber } from '../../common/numbers/random-number';
import { EstimatedRate, estimateRates } from './shipping-rate-estimator';
import { buildPackages, PackableItem, packableItem } from './stock-coordinator';

export type ProposalResult = { ok: true } | { ok: false; errors: string[] };

/**
 * Shipments of an order while it is checked out: proposes them from stock
 * (one per stock location), prices them with the shipping methods that can
 * deliver to the ship address, and keeps the shopper's choice of rate.
 */
@Injectable()
export class ShipmentsService {
  /**
   * Spree's `create_proposed_shipments` + `ensure_available_shipping_rates`:
   * replaces the order's shipments with fresh ones, each with its inventory
   * units (still pending) and its rates, the cheapest selected.
   */
  async propose(em: EntityManager, order: { id: number; currency: string; shipAddressId: number | null }): Promise<ProposalResult> {
    await this.removeAll(em, order.id);
    if (!order.shipAddressId) return { ok: false, errors: ['We are unable to calculate shipping rates for the selected items.'] };
    const [address] = await em.query(`SELECT country_id, state_id FROM addresses WHERE id = $1`, [order.shipAddressId]);

    const items: PackableItem[] = (
      await em.query(
        `SELECT li.id, li.variant_id, li.quantity, li.price * li.quantity AS amount, v.track_inventory, p.name, p.shipping_category_id
           FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
          WHERE li.order_id = $1 ORDER BY li.id`,
        [order.id],
      )
    ).map(packableItem);

    const packing = await buildPackages(em, items);
    if (!packing.ok) return { ok: false, errors: packing.unavailable.map((i) => `Selected quantity of "${i.name}" is not available.`) };

    for (const pkg of packing.packages) {
      const rates = await estimateRates(em, pkg, { countryId: address?.country_id ?? null, stateId: address?.state_id ?? null }, order.currency);
      if (rates.length === 0) return { ok: false, errors: ['We are unable to calculate shipping rates for the selected items.'] };
      const number = await unusedNumber(em, 'shipments', 'H', 11);
      // The shipment, its rates (cheapest first, and selected) and its pending units in one statement.
      const units = pkg.lines.flatMap((line) =>
        (
          [
            ['on_hand', line.onHand],
            ['backordered', line.backordered],
          ] as const
        )
          .filter(([, count]) => count > 0)
          .map(([state, count]) => ({ lineItemId: line.item.lineItemId, variantId: line.item.variantId, state, count })),
      );
      await em.query(
        `WITH shipment AS (
           INSERT INTO shipments (order_id, number, stock_location_id, state, cost) VALUES ($1, $2, $3, 'pending', $4) RETURNING id),
         rates AS (
           INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected)
           SELECT shipment.id, r.method_id, r.cost, r.n = 1 FROM shipment, unnest($5::int[], $6::numeric[]) WITH ORDINALITY AS r(method_id, cost, n) ORDER BY r.n)
         INSERT INTO inventory_units (order_id, shipment_id, line_item_id, variant_id, state, pending)
         SELECT $1, shipment.id, u.line_item_id, u.variant_id, u.state, true
           FROM shipment, unnest($7::int[], $8::int[], $9::varchar[], $10::int[]) WITH ORDINALITY AS u(line_item_id, variant_id, state, count, n)
           CROSS JOIN LATERAL generate_series(1, u.count) AS unit
          ORDER BY u.n, unit`,
        [
          order.id,
          number,
          pkg.stockLocationId,
          moneyString(rates[0].cost),
          rates.map((r) => r.shippingMethodId),
          rates.map((r) => moneyString(r.cost)),
          units.map((u) => u.lineItemId),
          units.map((u) => u.variantId),
          units.map((u) => u.state),
          units.map((u) => u.count),
        ],
      );
    }
    return { ok: true };
  }

  /** Drops the order's shipments (with their rates, units and tax adjustments), in one statement; returns how many there were. */
  async removeAll(em: EntityManager, orderId: number): Promise<number> {
    const [{ count }] = await em.query(
      `WITH gone_adjustments AS (DELETE FROM adjustments WHERE order_id = $1 AND adjustable_type = 'Spree::Shipment'),
            gone AS (DELETE FROM shipments WHERE order_id = $1 RETURNING id)
       SELECT count(*)::int AS count FROM gone`,
      [orderId],
    );
    return count;
  }

  /** Sets a shipment's rates, the one of `selectedMethodId` selected. */
  async replaceRates(em: EntityManager, shipmentId: number, rates: EstimatedRate[], selectedMethodId: number): Promise<void> {
    await em.query(`DELETE FROM shipping_rates WHERE shipment_id = $1`, [shipmentId]);
    await em.query(
      `INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected)
       SELECT $1, r.method_id, r.cost, r.method_id = $4 FROM unnest($2::int[], $3::numeric[]) AS r(method_id, cost)`,
      [shipmentId, rates.map((r) => r.shippingMethodId), rates.map((r) => moneyString(r.cost)), selectedMethodId],
    );
  }

  /** Drops one shipment (with its rates, units and tax adjustments). */
  async remove(em: EntityManager, shipmentId: number): Promise<void> {
    await em.query(`DELETE FROM adjustments WHERE adjustable_type = 'Spree::Shipment' AND adjustable_id = $1`, [shipmentId]);
    await em.query(`DELETE FROM shipments WHERE id = $1`, [shipmentId]);
  }

  /** Selects one of a shipment's rates (422 when the shipment or rate is not the order's). */
  async selectRate(em: EntityManager, orderId: number, shipmentId: number, rateId: number, field = 'shipments.selected_shipping_rate_id'): Promise<void> {
    // The rate is checked to be the shipment's (and the order's) and the others unselected in one statement; it is
    // selected in a second (at most one selected rate per shipment is a unique index, checked row by row).
    const [rate] = await em.query(
      `WITH rate AS (SELECT sr.id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id WHERE sr.id = $1 AND s.id = $2 AND s.order_id = $3),
            unselected AS (UPDATE shipping_rates SET selected = false, updated_at = now()
                            WHERE shipment_id = $2 AND selected AND id <> $1 AND EXISTS (SELECT 1 FROM rate))
       SELECT id FROM rate`,
      [rateId, shipmentId, orderId],
    );
    if (!rate) throw InvalidResourceError.field(field, 'is not a shipping rate of this shipment');
    await em.query(`UPDATE shipping_rates SET selected = true, updated_at = now() WHERE id = $1 AND NOT selected`, [rateId]);
  }

  /** Spree's delivery → payment guard: every shipment has a selected rate. */
  async allHaveSelectedRate(em: EntityManager, orderId: number): Promise<boolean> {
    const [row] = await em.query(
      `SELECT count(*)::int AS shipments, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM shipping_rates sr WHERE sr.shipment_id = s.id AND sr.selected))::int AS selected
         FROM shipments s WHERE s.order_id = $1`,
      [orderId],
    );
    return row.shipments > 0 && row.shipments === row.selected;
  }
}
