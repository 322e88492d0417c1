import { Injectable } from '@nestjs/common';
import { raiseEvent } from '../../common/events/events';
import { EntityManager, QueryFailedError } from 'typeorm';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { StockMovement } from '../stock-movements/entities/stock-movement.entity';
import { StockItem } from './entities/stock-item.entity';
import { planStockTake } from './stock-take';
import { queryPrepared } from '../../common/db/prepared-statement';

const MAX_INT = 2147483647;

export interface StockAdjustment {
  stockItemId: number;
  /** `add` (default): count_on_hand += quantity, negative takes stock. `set`: count_on_hand = quantity. */
  mode?: 'add' | 'set';
  quantity: number;
  /** Only find the item at this location (404 otherwise). */
  stockLocationId?: number;
  /** Refuse with 422 when the item's lock_version is no longer this one. */
  expectedLockVersion?: number;
  /** Change backorderable in the same write (it decides whether the count may go below zero). */
  backorderable?: boolean;
  /** Movement bookkeeping (Spree's `action` and polymorphic `originator`). */
  action?: string | null;
  originatorType?: string | null;
  originatorId?: number | null;
  /** Record the movement even when its quantity is 0 (the stock movements endpoint creates one per request). */
  alwaysRecord?: boolean;
  /** Spree's StockMovement rule: when the variant does not track inventory, record the movement but leave the count. */
  onlyWhenTracked?: boolean;
  /** Let a non-backorderable item go below zero (Spree refuses: count_on_hand must be >= 0). */
  allowNegative?: boolean;
  /** The request field that carried `quantity`, for 422s about it. Default `count_on_hand`. */
  field?: string;
}

export interface StockAdjustmentResult {
  stockItem: StockItem;
  /** The movement recorded, or null when nothing moved. */
  movement: StockMovement | null;
}

interface ItemRow {
  id: number;
  stock_location_id: number;
  variant_id: number;
  count_on_hand: number;
  backorderable: boolean;
  lock_version: number;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  track_inventory?: boolean;
}

function toItem(row: ItemRow): StockItem {
  return Object.assign(new StockItem(), {
    id: row.id,
    stockLocationId: row.stock_location_id,
    variantId: row.variant_id,
    countOnHand: row.count_on_hand,
    backorderable: row.backorderable,
    lockVersion: row.lock_version,
    deletedAt: row.deleted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

const staleError = () => InvalidResourceError.field('lock_version', 'is stale: the stock item was changed by another request, reload it and try again');
const negativeError = () => InvalidResourceError.field('count_on_hand', 'must be greater than or equal to 0');

/**
 * The one place where a stock item's count on hand changes: every change is
 * a single SQL write (so concurrent requests never lose an update), bumps
 * lock_version, and is recorded as a stock movement in the same transaction.
 * Used by the stock items and stock movements endpoints, and by checkout to
 * take stock (`moveVariant`). Always pass the caller's transaction manager.
 */
/** A count on hand that reaches zero raises stock_item.out_of_stock; one that rises above it again, stock_item.back_in_stock. */
function raiseStockLevelEvent(em: EntityManager, stockItemId: number, before: number, after: number): void {
  if (before > 0 && after <= 0) raiseEvent(em, 'stock_item.out_of_stock', { resource: 'stock_item', id: stockItemId });
  else if (before <= 0 && after > 0) raiseEvent(em, 'stock_item.back_in_stock', { resource: 'stock_item', id: stockItemId });
}

@Injectable()
export class StockLedger {
  async adjust(em: EntityManager, a: StockAdjustment): Promise<StockAdjustmentResult> {
    const mode = a.mode ?? 'add';
    const field = a.field ?? 'count_on_hand';
    if (!Number.isSafeInteger(a.quantity) || Math.abs(a.quantity) > MAX_INT) throw InvalidResourceError.field(field, 'is out of range');

    // `set` needs the exact current count to record the difference, so it locks the row first;
    // `add` reads without a lock and lets the UPDATE below do the arithmetic in place.
    const [current]: ItemRow[] = await em.query(
      `SELECT si.*, v.track_inventory FROM stock_items si JOIN variants v ON v.id = si.variant_id
        WHERE si.id = $1 AND si.deleted_at IS NULL AND ($2::int IS NULL OR si.stock_location_id = $2)
        ${mode === 'set' ? 'FOR UPDATE OF si' : ''}`,
      [a.stockItemId, a.stockLocationId ?? null],
    );
    if (!current) throw new NotFoundError();
    if (a.expectedLockVersion !== undefined && current.lock_version !== a.expectedLockVersion) throw staleError();

    const tracked = !a.onlyWhenTracked || current.track_inventory === true;
    const delta = !tracked ? 0 : mode === 'set' ? a.quantity - current.count_on_hand : a.quantity;
    const movementQuantity = mode === 'set' ? delta : a.quantity;
    const changesBackorderable = a.backorderable !== undefined && a.backorderable !== current.backorderable;

    let item = toItem(current);
    if (delta !== 0 || changesBackorderable) {
      let rows: ItemRow[];
      try {
        [rows] = await em.query(
          `UPDATE stock_items SET count_on_hand = count_on_hand + $2,
                  backorderable = COALESCE($3::boolean, backorderable),
                  lock_version = lock_version + 1,
                  updated_at = now()
            WHERE id = $1 AND deleted_at IS NULL
              AND ($4::int IS NULL OR lock_version = $4)
              AND ($5::boolean OR COALESCE($3::boolean, backorderable) OR $2 >= 0 OR count_on_hand + $2 >= 0)
            RETURNING *`,
          [current.id, delta, a.backorderable ?? null, a.expectedLockVersion ?? null, a.allowNegative ?? false],
        );
      } catch (error) {
        if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '22003') {
          throw InvalidResourceError.field(field, 'is out of range');
        }
        throw error;
      }
      if (rows.length === 0) {
        // Lost a race, or the rule refused it: say which.
        const [now]: ItemRow[] = await em.query(`SELECT * FROM stock_items WHERE id = $1 AND deleted_at IS NULL`, [current.id]);
        if (!now) throw new NotFoundError();
        if (a.expectedLockVersion !== undefined && now.lock_version !== a.expectedLockVersion) throw staleError();
        throw negativeError();
      }
      item = toItem(rows[0]);
      raiseStockLevelEvent(em, item.id, current.count_on_hand, item.countOnHand);
    }

    let movement: StockMovement | null = null;
    if (movementQuantity !== 0 || a.alwaysRecord) {
      movement = await em.save(
        em.create(StockMovement, {
          stockItemId: item.id,
          quantity: movementQuantity,
          action: a.action ?? null,
          originatorType: a.originatorType ?? null,
          originatorId: a.originatorId ?? null,
        }),
      );
    }
    return { stockItem: item, movement };
  }

  /**
   * Spree's `StockLocation#move` (restock with a positive, unstock with a
   * negative quantity): finds or creates the variant's stock item at the
   * location, then records a movement and adjusts the count when the variant
   * tracks inventory. For checkout and returns.
   */
  async moveVariant(
    em: EntityManager,
    m: { stockLocationId: number; variantId: number; quantity: number; action?: string | null; originatorType?: string | null; originatorId?: number | null; allowNegative?: boolean },
  ): Promise<StockAdjustmentResult> {
    for (let attempt = 1; ; attempt++) {
      const stockItemId = await this.findOrCreateItem(em, m.stockLocationId, m.variantId);
      try {
        return await this.adjust(em, {
          stockItemId,
          quantity: m.quantity,
          action: m.action,
          originatorType: m.originatorType,
          originatorId: m.originatorId,
          allowNegative: m.allowNegative,
          onlyWhenTracked: true,
          alwaysRecord: true,
          field: 'quantity',
        });
      } catch (error) {
        // The item was deleted between finding and changing it (a concurrent DELETE): the variant's
        // stock at the location is now a new item, as it would have been a moment later. Once is enough.
        if (error instanceof NotFoundError && attempt === 1) continue;
        throw error;
      }
    }
  }

  /**
   * Checkout's completion: takes each shipment's units from stock (Spree's
   * `unstock`, one movement per shipment and variant) in three statements
   * whatever the number of lines, with the rules of `moveVariant`: a missing
   * stock item is created (count 0); the items are locked in the order every
   * stock change follows (location, then variant) and their counts checked
   * under that lock, so of two orders racing for the last unit the second
   * finds none; an item not backorderable never goes below zero; a variant
   * that does not track inventory gets its movement and keeps its count.
   * Returns the first move that stock cannot cover (nothing written then), or null.
   */
  async takeForShipments<M extends { shipment_id: number; stock_location_id: number; variant_id: number; units: number }>(em: EntityManager, moves: M[]): Promise<M | null> {
    if (moves.length === 0) return null;
    const locations = moves.map((m) => m.stock_location_id);
    const variants = moves.map((m) => m.variant_id);
    const lock = (): Promise<Array<{ id: number; stock_location_id: number; variant_id: number; count_on_hand: number; backorderable: boolean; track_inventory: boolean }>> =>
      queryPrepared(
        em,
        `SELECT si.id, si.stock_location_id, si.variant_id, si.count_on_hand, si.backorderable, v.track_inventory
           FROM stock_items si JOIN variants v ON v.id = si.variant_id
          WHERE (si.stock_location_id, si.variant_id) IN (SELECT * FROM unnest($1::int[], $2::int[])) AND si.deleted_at IS NULL
          ORDER BY si.stock_location_id, si.variant_id, si.id
            FOR UPDATE OF si`,
        [locations, variants],
      );
    let rows = await lock();
    if (moves.some((m) => !rows.some((r) => r.stock_location_id === m.stock_location_id && r.variant_id === m.variant_id))) {
      await em.query(
        `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable)
         SELECT m.location_id, m.variant_id, 0, sl.backorderable_default FROM unnest($1::int[], $2::int[]) AS m(location_id, variant_id)
           JOIN stock_locations sl ON sl.id = m.location_id
         ON CONFLICT (stock_location_id, variant_id) WHERE deleted_at IS NULL DO NOTHING`,
        [locations, variants],
      );
      rows = await lock();
    }
    const plan = planStockTake(rows, moves);
    if (plan.kind === 'short') return plan.move;
    const { changed, itemIds } = plan;
    for (const c of changed) {
      const before = rows.find((r) => r.id === c.id)!.count_on_hand;
      raiseStockLevelEvent(em, c.id, before, before + c.delta);
    }
    await queryPrepared(
      em,
      `WITH changed AS (
         UPDATE stock_items si SET count_on_hand = si.count_on_hand + c.delta, lock_version = si.lock_version + c.moves, updated_at = now()
           FROM unnest($1::int[], $2::int[], $3::int[]) AS c(id, delta, moves)
          WHERE si.id = c.id)
       INSERT INTO stock_movements (stock_item_id, quantity, originator_type, originator_id)
       SELECT m.item_id, m.quantity, 'Spree::Shipment', m.shipment_id
         FROM unnest($4::int[], $5::int[], $6::int[]) WITH ORDINALITY AS m(item_id, quantity, shipment_id, n)
        ORDER BY m.n`,
      [
        changed.map((i) => i.id),
        changed.map((i) => i.delta),
        changed.map((i) => i.moves),
        itemIds,
        moves.map((m) => -m.units),
        moves.map((m) => m.shipment_id),
      ],
    );
    return null;
  }

  /**
   * Locks the live stock items of these variants at these locations up front,
   * in the one order every stock change follows (location, then variant: see
   * `shipmentStock`). For a request that changes stock at several locations,
   * e.g. putting units back at one and taking them at another: taking the
   * rows one by one, two such requests in opposite directions would each hold
   * the row the other needs next (a deadlock).
   */
  async lockItems(em: EntityManager, stockLocationIds: number[], variantIds: number[]): Promise<void> {
    await em.query(
      `SELECT id FROM stock_items WHERE stock_location_id = ANY($1) AND variant_id = ANY($2) AND deleted_at IS NULL
        ORDER BY stock_location_id, variant_id FOR UPDATE`,
      [stockLocationIds, variantIds],
    );
  }

  /** The live stock item of a variant at a location, created (count 0) when missing. */
  async findOrCreateItem(em: EntityManager, stockLocationId: number, variantId: number, backorderable?: boolean): Promise<number> {
    const inserted: Array<{ id: number }> = await em.query(
      `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable)
       SELECT $1, $2, 0, COALESCE($3::boolean, sl.backorderable_default) FROM stock_locations sl WHERE sl.id = $1
       ON CONFLICT (stock_location_id, variant_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [stockLocationId, variantId, backorderable ?? null],
    );
    if (inserted.length > 0) return inserted[0].id;
    const [existing]: Array<{ id: number }> = await em.query(
      `SELECT id FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      [stockLocationId, variantId],
    );
    if (!existing) throw new NotFoundError();
    return existing.id;
  }
}
