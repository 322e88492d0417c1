import { EntityManager, In } from 'typeorm';
import { groupById } from '../../common/collections/group-by-id';
import { JsonRows } from '../../common/db/entity-json';
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
  const unitsByShipment = groupById(shipmentIds, manifestRows as Array<ManifestUnits & { shipment_id: number }>, (r) => Number(r.shipment_id));
  const manifests = new Map<number, ManifestEntryJson[]>(shipmentIds.map((id) => [id, manifestOf(unitsByShipment.get(id)!)]));
  return { rates: groupById(shipmentIds, rates as ShippingRate[], (r) => r.shipmentId), methods, locationNames, manifests };
}

/** A shipment's inventory units of one variant in one state. */
export interface ManifestUnits {
  variant_id: number;
  state: string;
  units: number;
}

/** A shipment's manifest from its units counted per variant and state (ordered by variant, then state). */
export function manifestOf(rows: ManifestUnits[]): ManifestEntryJson[] {
  const list: ManifestEntryJson[] = [];
  for (const row of rows) {
    let entry = list.find((e) => e.variant_id === Number(row.variant_id));
    if (!entry) list.push((entry = { variant_id: Number(row.variant_id), quantity: 0, states: {} }));
    entry.quantity += row.units;
    entry.states[row.state] = row.units;
  }
  return list;
}

const METHOD_ZONES = new JsonRows<{ id: number; name: string; description: string | null }>({ id: 'z.id', name: 'z.name', description: 'z.description' });
const METHOD_CATEGORIES = new JsonRows<{ id: number; name: string }>({ id: 'c.id', name: 'c.name' });

/** A shipping method of alias `sm` with its zones and categories, as nested rows (reference data: one statement for all). */
const SHIPPING_METHOD_ROWS = new JsonRows<{ id: number; name: string; zones: unknown[][]; categories: unknown[][] }>({
  id: 'sm.id',
  name: 'sm.name',
  zones: METHOD_ZONES.select('FROM shipping_method_zones smz JOIN zones z ON z.id = smz.zone_id WHERE smz.shipping_method_id = sm.id', 'z.id'),
  categories: METHOD_CATEGORIES.select(
    'FROM shipping_method_categories smc JOIN shipping_categories c ON c.id = smc.shipping_category_id WHERE smc.shipping_method_id = sm.id',
    'c.id',
  ),
});

/** SQL: the shipping methods of alias `sm` of `from` (`FROM shipping_methods sm WHERE …`) as one JSON value, read by `shippingMethodsById`. */
export const shippingMethodsJson = (from: string) => SHIPPING_METHOD_ROWS.select(from, 'sm.id');

/** Shipping methods read through `shippingMethodsJson`, by id. */
export function shippingMethodsById(rows: unknown[][]): Map<number, ShipmentShippingMethodJson> {
  return new Map(
    SHIPPING_METHOD_ROWS.read(rows).map((m) => [
      Number(m.id),
      {
        id: Number(m.id),
        name: m.name,
        zones: METHOD_ZONES.read(m.zones).map((z) => ({ id: Number(z.id), name: String(z.name), description: z.description ?? null })),
        shipping_categories: METHOD_CATEGORIES.read(m.categories).map((c) => ({ id: Number(c.id), name: String(c.name) })),
      },
    ]),
  );
}

async function loadShippingMethods(em: EntityManager, ids: number[]): Promise<Map<number, ShipmentShippingMethodJson>> {
  if (ids.length === 0) return new Map();
  const [{ methods }]: Array<{ methods: unknown[][] }> = await em.query(
    `SELECT ${shippingMethodsJson('FROM shipping_methods sm WHERE sm.id = ANY($1)')} AS methods`,
    [ids],
  );
  return shippingMethodsById(methods);
}
