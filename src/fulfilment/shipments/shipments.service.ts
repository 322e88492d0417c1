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
      const [{ id: shipmentId }] = await em.query(
        `INSERT INTO shipments (order_id, number, stock_location_id, state, cost) VALUES ($1, $2, $3, 'pending', $4) RETURNING id`,
        [order.id, number, pkg.stockLocationId, moneyString(rates[0].cost)],
      );
      // Cheapest first, and selected.
      await this.replaceRates(em, shipmentId, rates, rates[0].shippingMethodId);
      for (const line of pkg.lines) {
        for (const [state, count] of [
          ['on_hand', line.onHand],
          ['backordered', line.backordered],
        ] as const) {
          if (count === 0) continue;
          await em.query(
            `INSERT INTO inventory_units (order_id, shipment_id, line_item_id, variant_id, state, pending)
             SELECT $1, $2, $3, $4, $5, true FROM generate_series(1, $6::int)`,
            [order.id, shipmentId, line.item.lineItemId, line.item.variantId, state, count],
          );
        }
      }
    }
    return { ok: true };
  }

  /** Drops the order's shipments (with their rates, units and tax adjustments). */
  async removeAll(em: EntityManager, orderId: number): Promise<void> {
    await em.query(`DELETE FROM adjustments WHERE order_id = $1 AND adjustable_type = 'Spree::Shipment'`, [orderId]);
    await em.query(`DELETE FROM shipments WHERE order_id = $1`, [orderId]);
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
    const [rate] = await em.query(
      `SELECT sr.id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id WHERE sr.id = $1 AND s.id = $2 AND s.order_id = $3`,
      [rateId, shipmentId, orderId],
    );
    if (!rate) throw InvalidResourceError.field(field, 'is not a shipping rate of this shipment');
    await em.query(`UPDATE shipping_rates SET selected = false, updated_at = now() WHERE shipment_id = $1 AND selected AND id <> $2`, [shipmentId, rateId]);
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
