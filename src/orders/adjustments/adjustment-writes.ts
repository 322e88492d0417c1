import { EntityManager } from 'typeorm';

/**
 * The only statements that write `adjustments`: the charges and credits on
 * an order and its items. The order updater replaces the tax adjustments
 * (all of an order's, on each run, so an item or shipment that goes leaves
 * its own to the next run); promotions keep their discount on the order;
 * a received return authorization leaves its credit. Callers hold the
 * order's row lock.
 */

/** The source of an adjustment (Spree's polymorphic `source`). */
export const TAX_RATE_SOURCE = 'Spree::TaxRate';

/** Tax adjustments to write, one per array index: the item (type and id), the rate, the amount, label and whether it is included in the price. */
export interface TaxAdjustments {
  adjustableType: string[];
  adjustableId: number[];
  rateId: number[];
  amount: string[];
  label: string[];
  included: boolean[];
}

/** Replaces the order's tax adjustments (`hadTaxes`: it had some to delete) with these, in at most two statements. */
export async function replaceTaxAdjustments(em: EntityManager, orderId: number, hadTaxes: boolean, taxes: TaxAdjustments): Promise<void> {
  if (hadTaxes) await em.query(`DELETE FROM adjustments WHERE order_id = $1 AND source_type = $2`, [orderId, TAX_RATE_SOURCE]);
  if (taxes.adjustableId.length === 0) return;
  await em.query(
    `INSERT INTO adjustments (order_id, adjustable_type, adjustable_id, source_type, source_id, amount, label, mandatory, eligible, included, state)
     SELECT $1, a.type, a.id, $8, a.rate, a.amount, a.label, false, true, a.included, 'open'
       FROM unnest($2::varchar[], $3::int[], $4::int[], $5::numeric[], $6::varchar[], $7::boolean[]) AS a(type, id, rate, amount, label, included)`,
    [orderId, taxes.adjustableType, taxes.adjustableId, taxes.rateId, taxes.amount, taxes.label, taxes.included, TAX_RATE_SOURCE],
  );
}

/**
 * An adjustment of the order itself (a discount, a credit; without a source, one an order import brought); returns its
 * id. A discount keeps the coupon code it was applied with (`promotionCode`).
 */
export async function addOrderAdjustment(
  em: EntityManager,
  a: { orderId: number; sourceType: string | null; sourceId: number | null; amount: string; label: string; state: 'open' | 'closed'; promotionCode?: string },
): Promise<number> {
  const [{ id }] = await em.query(
    `INSERT INTO adjustments (order_id, adjustable_type, adjustable_id, source_type, source_id, amount, label, mandatory, eligible, included, state, promotion_code)
     VALUES ($1, 'Spree::Order', $1, $2, $3, $4, $5, false, true, false, $6, $7) RETURNING id`,
    [a.orderId, a.sourceType, a.sourceId, a.amount, a.label, a.state, a.promotionCode ?? null],
  );
  return id;
}

/** New amounts, eligibility and labels of (open) adjustments, in one statement. */
export async function updateAdjustments(em: EntityManager, changes: ReadonlyArray<{ id: number; amount: string; eligible: boolean; label: string }>): Promise<void> {
  if (changes.length === 0) return;
  await em.query(
    `UPDATE adjustments a SET amount = v.amount, eligible = v.eligible, label = v.label, state = 'open', updated_at = now()
       FROM unnest($1::int[], $2::numeric[], $3::boolean[], $4::varchar[]) AS v(id, amount, eligible, label)
      WHERE a.id = v.id`,
    [changes.map((c) => c.id), changes.map((c) => c.amount), changes.map((c) => c.eligible), changes.map((c) => c.label)],
  );
}

/** Spree's `finalize!` closes an order's adjustments: they no longer follow the order. */
export async function closeAdjustments(em: EntityManager, ids: number[]): Promise<void> {
  if (ids.length > 0) await em.query(`UPDATE adjustments SET state = 'closed', updated_at = now() WHERE id = ANY($1)`, [ids]);
}

export async function deleteAdjustments(em: EntityManager, ids: number[]): Promise<void> {
  if (ids.length > 0) await em.query(`DELETE FROM adjustments WHERE id = ANY($1)`, [ids]);
}

/** Spree's `empty!`: the order keeps no adjustment. */
export async function deleteOrderAdjustments(em: EntityManager, orderId: number): Promise<void> {
  await em.query(`DELETE FROM adjustments WHERE order_id = $1`, [orderId]);
}

/**
 * A source goes (Spree's `deals_with_adjustments_for_deleted_source`): its
 * adjustments on the orders `removeFrom` are deleted, the others kept, no
 * longer linked to it.
 */
export async function dropSource(em: EntityManager, sourceType: string, sourceId: number, removeFrom: number[]): Promise<void> {
  await em.query(`DELETE FROM adjustments WHERE source_type = $1 AND source_id = $2 AND order_id = ANY($3)`, [sourceType, sourceId, removeFrom]);
  await em.query(`UPDATE adjustments SET source_id = NULL, updated_at = now() WHERE source_type = $1 AND source_id = $2`, [sourceType, sourceId]);
}
