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
  // Zones and categories as JSON arrays of the method's row: one query for this reference data.
  const methods: Array<{ id: number; name: string; zones: Array<{ id: number; name: string; description: string | null }>; categories: Array<{ id: number; name: string }> }> =
    await em.query(
      `SELECT sm.id, sm.name,
              COALESCE((SELECT json_agg(json_build_object('id', z.id, 'name', z.name, 'description', z.description) ORDER BY z.id)
                          FROM shipping_method_zones smz JOIN zones z ON z.id = smz.zone_id WHERE smz.shipping_method_id = sm.id), '[]') AS zones,
              COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.id)
                          FROM shipping_method_categories smc JOIN shipping_categories c ON c.id = smc.shipping_category_id WHERE smc.shipping_method_id = sm.id), '[]') AS categories
         FROM shipping_methods sm WHERE sm.id = ANY($1)`,
      [ids],
    );
  return new Map(
    methods.map((m) => [
      Number(m.id),
      {
        id: Number(m.id),
        name: m.name,
        zones: m.zones.map((z) => ({ id: Number(z.id), name: String(z.name), description: z.description ?? null })),
        shipping_categories: m.categories.map((c) => ({ id: Number(c.id), name: String(c.name) })),
      },
    ]),
  );
}
