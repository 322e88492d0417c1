import { EntityManager } from 'typeorm';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { InventoryUnitState } from './entities/inventory-unit.entity';
import { inventoryUnitEvent, PACKED_STATES } from './inventory-unit-states';
import { queryPrepared } from '../../common/db/prepared-statement';

/**
 * The only statements that write `inventory_units`. Other modules (the
 * shipments, the checkout, return authorizations) call these; every state
 * a unit takes goes through the state table (inventory-unit-states.ts), set
 * based: the states a move may start from come from the table and are
 * checked in SQL. Callers hold the order's row lock.
 */

/** Units to pack into a shipment: `count` units of a line item's variant, all in one packed state. */
export interface PackedUnits {
  lineItemId: number;
  variantId: number;
  state: InventoryUnitState;
  count: number;
}

/** The parameters of `packUnitsSql`, from the units to pack (refused unless each is in a packed state). */
export function packedUnitsParams(units: readonly PackedUnits[]): [number[], number[], string[], number[]] {
  const wrong = units.find((u) => !PACKED_STATES.includes(u.state));
  if (wrong) throw new Error(`inventory units are packed ${PACKED_STATES.join(' or ')}, not ${wrong.state}`);
  return [units.map((u) => u.lineItemId), units.map((u) => u.variantId), units.map((u) => u.state), units.map((u) => u.count)];
}

/**
 * SQL: the INSERT of a shipment's units, one row per unit, for the statement
 * that creates the shipment (the checkout proposes shipment, rates and
 * units in one round trip). `orderId`, `shipmentId`: SQL for the order's
 * and the shipment's ids (`shipmentId` may name a column of `from`, a CTE
 * that inserted the shipment); `units`: the four parameters of
 * `packedUnitsParams`; `pending`: their stock is taken when the order completes.
 */
export function packUnitsSql(p: { orderId: string; shipmentId: string; from?: string; units: [string, string, string, string]; pending: boolean }): string {
  const [lineItemIds, variantIds, states, counts] = p.units;
  return `INSERT INTO inventory_units (order_id, shipment_id, line_item_id, variant_id, state, pending)
         SELECT ${p.orderId}, ${p.shipmentId}, u.line_item_id, u.variant_id, u.state, ${p.pending}
           FROM ${p.from ? `${p.from}, ` : ''}unnest(${lineItemIds}::int[], ${variantIds}::int[], ${states}::varchar[], ${counts}::int[]) WITH ORDINALITY AS u(line_item_id, variant_id, state, count, n)
           CROSS JOIN LATERAL generate_series(1, u.count) AS unit
          ORDER BY u.n, unit`;
}

/** Packs units into a shipment: of a placed order (their stock already taken), or `pending` (an order in checkout: taken when it completes). */
export async function packUnits(em: EntityManager, orderId: number, shipmentId: number, units: readonly PackedUnits[], pending = false): Promise<void> {
  const packed = units.filter((u) => u.count > 0);
  if (packed.length === 0) return;
  await em.query(packUnitsSql({ orderId: '$1', shipmentId: '$2', units: ['$3', '$4', '$5', '$6'], pending }), [orderId, shipmentId, ...packedUnitsParams(packed)]);
}

/**
 * Packs waiting units again, as a new stock location has them: those of
 * `onHandIds` on hand, the others backordered. Only units still packed
 * (not shipped or returned) are repacked.
 */
export async function repackUnits(em: EntityManager, ids: number[], onHandIds: number[]): Promise<void> {
  await em.query(
    `UPDATE inventory_units SET state = CASE WHEN id = ANY($2) THEN 'on_hand' ELSE 'backordered' END, updated_at = now() WHERE id = ANY($1) AND state = ANY($3)`,
    [ids, onHandIds, PACKED_STATES],
  );
}

/** Takes units out of their shipment for good (a placed order's shipment gives them up). */
export async function removeUnits(em: EntityManager, ids: number[]): Promise<void> {
  await em.query(`DELETE FROM inventory_units WHERE id = ANY($1)`, [ids]);
}

/** The order's units are no longer pending: their stock was taken as the order completed. */
export async function markUnitsTaken(em: EntityManager, orderId: number): Promise<void> {
  await queryPrepared(em, `UPDATE inventory_units SET pending = false, updated_at = now() WHERE order_id = $1 AND pending`, [orderId]);
}

/** `ship` for the units of a shipment that goes out: those the table lets ship (in a ready shipment, all of them). */
export async function shipUnits(em: EntityManager, shipmentId: number): Promise<void> {
  const ship = inventoryUnitEvent('ship');
  await em.query(`UPDATE inventory_units SET state = $2, updated_at = now() WHERE shipment_id = $1 AND state = ANY($3)`, [shipmentId, ship.to, ship.from]);
}

/** `return` for these units (422, and nothing written, unless the table lets each of them return). */
export async function returnUnits(em: EntityManager, ids: number[]): Promise<void> {
  const ret = inventoryUnitEvent('return');
  // All or none: the units that may not return keep every unit where it is.
  const [{ refused }] = await em.query(
    `WITH refused AS (SELECT count(*)::int AS n FROM inventory_units WHERE id = ANY($1::int[]) AND NOT (state = ANY($3))),
          returned AS (UPDATE inventory_units SET state = $2, lock_version = lock_version + 1, updated_at = now()
                        WHERE id = ANY($1::int[]) AND (SELECT n FROM refused) = 0)
     SELECT n AS refused FROM refused`,
    [ids, ret.to, ret.from],
  );
  if (refused > 0) throw InvalidResourceError.field('inventory_units', 'can only be returned once shipped');
}

/** Puts units on a return authorization. */
export async function attachToReturn(em: EntityManager, ids: number[], returnAuthorizationId: number): Promise<void> {
  await em.query(
    `UPDATE inventory_units SET return_authorization_id = $2, lock_version = lock_version + 1, updated_at = now() WHERE id = ANY($1::int[])`,
    [ids, returnAuthorizationId],
  );
}

/** Takes units off their return authorization. */
export async function detachFromReturn(em: EntityManager, ids: number[]): Promise<void> {
  await em.query(`UPDATE inventory_units SET return_authorization_id = NULL, lock_version = lock_version + 1, updated_at = now() WHERE id = ANY($1::int[])`, [ids]);
}

/** A return authorization goes: its units are free again (Spree's `dependent: :nullify`). */
export async function releaseReturn(em: EntityManager, returnAuthorizationId: number): Promise<void> {
  await em.query(`UPDATE inventory_units SET return_authorization_id = NULL, updated_at = now() WHERE return_authorization_id = $1`, [returnAuthorizationId]);
}

/**
 * The inventory units API's change of one unit: its shipment, variant and
 * state (the caller fired the event through the table; `from` is the state
 * it found, checked again here).
 */
export async function changeUnit(
  em: EntityManager,
  unitId: number,
  from: InventoryUnitState,
  next: { shipmentId: number | null; variantId: number; state: InventoryUnitState },
): Promise<void> {
  const [rows] = await em.query(
    `UPDATE inventory_units SET shipment_id = $2, variant_id = $3, state = $4, lock_version = lock_version + 1, updated_at = now() WHERE id = $1 AND state = $5 RETURNING id`,
    [unitId, next.shipmentId, next.variantId, next.state, from],
  );
  if (rows.length !== 1) throw new Error(`inventory unit ${unitId} was no longer ${from}`);
}
