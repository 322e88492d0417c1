import { EntityManager } from 'typeorm';
import { queryPrepared } from '../../common/db/prepared-statement';

/** The units of one variant in one shipment that stock moves for, with the product's name for messages. */
export interface ShipmentStock {
  shipment_id: number;
  stock_location_id: number;
  variant_id: number;
  units: number;
  name: string;
}

/**
 * An order's inventory units grouped per shipment and variant: still pending
 * (to take at completion) or taken and not yet shipped (to put back on
 * cancel). Sorted by location and variant, so concurrent orders lock stock
 * rows in the same order and never deadlock.
 */
export function shipmentStock(em: EntityManager, orderId: number, which: 'pending' | 'taken'): Promise<ShipmentStock[]> {
  return queryPrepared(
    em,
    `SELECT s.id AS shipment_id, s.stock_location_id, iu.variant_id, count(*)::int AS units, p.name
       FROM inventory_units iu JOIN shipments s ON s.id = iu.shipment_id
       JOIN variants v ON v.id = iu.variant_id JOIN products p ON p.id = v.product_id
      WHERE iu.order_id = $1 AND ${which === 'pending' ? 'iu.pending' : `NOT iu.pending AND iu.state IN ('on_hand', 'backordered')`}
      GROUP BY s.id, s.stock_location_id, iu.variant_id, p.name
      ORDER BY s.stock_location_id, iu.variant_id, s.id`,
    [orderId],
  );
}
