import { EntityManager, In } from 'typeorm';
import { groupById } from '../../common/collections/group-by-id';
import { runAll } from '../../common/db/run-all';
import { Shipment } from './entities/shipment.entity';
import { ShippingRate } from './entities/shipping-rate.entity';
import { ManifestEntryJson, ShipmentShippingMethodJson } from './shipment.serializer';

/** What shipment JSON needs besides the shipment row, loaded for many shipments at once. */
export interface ShipmentDetails {
  rates: Map<number, ShippingRate[]>;
  methods: Map<number, ShipmentShippingMethodJson>;
  locationNames: Map<number, string>;
  /** Units per variant and stock state, per shipment. */
  manifests: Map<number, ManifestEntryJson[]>;
}

/**
 * Rates (cheapest first), shipping methods with zones and categories, stock
 * location names and manifests of a set of shipments: one query per
 * association for the whole set (order JSON and the shipments API share it).
 */
export async function loadShipmentDetails(em: EntityManager, shipments: Shipment[]): Promise<ShipmentDetails> {
  const shipmentIds = shipments.map((s) => s.id);
  if (shipmentIds.length === 0) return { rates: new Map(), methods: new Map(), locationNames: new Map(), manifests: new Map() };
  const [rates, locationRows, manifestRows] = await runAll(em, [
    () => em.find(ShippingRate, { where: { shipmentId: In(shipmentIds) }, order: { cost: 'ASC', id: 'ASC' } }),
    () => em.query(`SELECT id, name FROM stock_locations WHERE id = ANY($1)`, [[...new Set(shipments.map((s) => s.stockLocationId))]]),
    () => em.query(
      `SELECT shipment_id, variant_id, state, count(*)::int AS units FROM inventory_units WHERE shipment_id = ANY($1)
        GROUP BY shipment_id, variant_id, state ORDER BY shipment_id, variant_id, state`,
      [shipmentIds],
    ),
  ] as const);
  const methods = await loadShippingMethods(em, [...new Set((rates as ShippingRate[]).map((r) => r.shippingMethodId))]);
  const locationNames = new Map<number, string>((locationRows as Array<{ id: number; name: string }>).map((r) => [Number(r.id), r.name]));
  const manifests = new Map<number, ManifestEntryJson[]>(shipmentIds.map((id) => [id, []]));
  for (const row of manifestRows as Array<{ shipment_id: number; variant_id: number; state: string; units: number }>) {
    const list = manifests.get(Number(row.shipment_id))!;
    let entry = list.find((e) => e.variant_id === Number(row.variant_id));
    if (!entry) list.push((entry = { variant_id: Number(row.variant_id), quantity: 0, states: {} }));
    entry.quantity += row.units;
    entry.states[row.state] = row.units;
  }
  return { rates: groupById(shipmentIds, rates as ShippingRate[], (r) => r.shipmentId), methods, locationNames, manifests };
}

async function loadShippingMethods(em: EntityManager, ids: number[]): Promise<Map<number, ShipmentShippingMethodJson>> {
  if (ids.length === 0) return new Map();
  const [methods, zones, categories] = await runAll(em, [
    () => em.query(`SELECT id, name FROM shipping_methods WHERE id = ANY($1)`, [ids]),
    () => em.query(
      `SELECT smz.shipping_method_id, z.id, z.name, z.description FROM shipping_method_zones smz JOIN zones z ON z.id = smz.zone_id
        WHERE smz.shipping_method_id = ANY($1) ORDER BY z.id`,
      [ids],
    ),
    () => em.query(
      `SELECT smc.shipping_method_id, c.id, c.name FROM shipping_method_categories smc JOIN shipping_categories c ON c.id = smc.shipping_category_id
        WHERE smc.shipping_method_id = ANY($1) ORDER BY c.id`,
      [ids],
    ),
  ] as const);
  return new Map(
    (methods as Array<{ id: number; name: string }>).map((m) => [
      Number(m.id),
      {
        id: Number(m.id),
        name: m.name,
        zones: (zones as Array<Record<string, unknown>>)
          .filter((z) => Number(z.shipping_method_id) === Number(m.id))
          .map((z) => ({ id: Number(z.id), name: String(z.name), description: (z.description as string | null) ?? null })),
        shipping_categories: (categories as Array<Record<string, unknown>>)
          .filter((c) => Number(c.shipping_method_id) === Number(m.id))
          .map((c) => ({ id: Number(c.id), name: String(c.name) })),
      },
    ]),
  );
}
