import { EntityManager } from 'typeorm';
import type { ImageFields } from '../images/image.serializer';
import type { OptionTypeFields, OptionValueFields } from '../option-types/option-type.serializer';
import type { Variant } from './entities/variant.entity';
import type { VariantFields } from './variant.serializer';
import { groupById } from '../../common/collections/group-by-id';
import { runAll } from '../../common/db/run-all';

/** A stock item as variant JSON shows it, with its location's name. */
export interface VariantStockItem {
  id: number;
  variantId: number;
  stockLocationId: number;
  stockLocationName: string;
  countOnHand: number;
  backorderable: boolean;
  lockVersion: number;
}

export interface VariantOptionValue {
  value: OptionValueFields;
  type: OptionTypeFields;
}

/**
 * Everything variant JSON needs beyond the variant row, for a whole set of
 * variants at once: one query per association, never one per variant.
 */
export interface VariantDetails {
  currency: string;
  /** Amount in the store currency (null when the variant has no price in it). */
  prices: Map<number, string | null>;
  optionValues: Map<number, VariantOptionValue[]>;
  images: Map<number, ImageFields[]>;
  stockItems: Map<number, VariantStockItem[]>;
}

/**
 * The columns of a variant that variant JSON and the product graph read, named
 * as the entity's properties: list pages read rows with plain SQL, because
 * hydrating entities costs far more than the queries (see docs/performance-changes.md).
 */
export type VariantRow = VariantFields & Pick<Variant, 'position' | 'deletedAt'>;

/** `{ property: column of alias v }` for a variant row. */
export function variantColumns(v: string): Record<keyof VariantRow, string> {
  return {
    id: `${v}.id`,
    productId: `${v}.product_id`,
    sku: `${v}.sku`,
    weight: `${v}.weight`,
    height: `${v}.height`,
    width: `${v}.width`,
    depth: `${v}.depth`,
    isMaster: `${v}.is_master`,
    costPrice: `${v}.cost_price`,
    position: `${v}.position`,
    trackInventory: `${v}.track_inventory`,
    deletedAt: `${v}.deleted_at`,
  };
}

/** The same as a SELECT list: `v.product_id AS "productId", …`. */
export const VARIANT_COLUMNS = Object.entries(variantColumns('v'))
  .map(([property, column]) => `${column} AS "${property}"`)
  .join(', ');

export async function loadVariantDetails(em: EntityManager, variantIds: number[], currency: string): Promise<VariantDetails> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return { currency, prices: new Map(), optionValues: new Map(), images: new Map(), stockItems: new Map() };

  const [prices, valueRows, images, stockRows] = await runAll(em, [
    () => em.query(`SELECT variant_id, amount FROM prices WHERE variant_id = ANY($1) AND currency = $2`, [ids, currency]) as Promise<{ variant_id: number; amount: string | null }[]>,
    () =>
      em.query(
        `SELECT ovv.variant_id, ov.id, ov.name, ov.presentation,
                ot.id AS type_id, ot.name AS type_name, ot.presentation AS type_presentation, ot.position AS type_position
           FROM option_values_variants ovv
           JOIN option_values ov ON ov.id = ovv.option_value_id
           JOIN option_types ot ON ot.id = ov.option_type_id
          WHERE ovv.variant_id = ANY($1)
          ORDER BY ot.position, ot.id, ov.position, ov.id`,
        [ids],
      ) as Promise<Record<string, never>[]>,
    () =>
      em.query(
        `SELECT id, variant_id AS "variantId", position, alt, attachment_file_name AS "attachmentFileName",
                attachment_content_type AS "attachmentContentType", attachment_width AS "attachmentWidth",
                attachment_height AS "attachmentHeight", attachment_updated_at AS "attachmentUpdatedAt"
           FROM images WHERE variant_id = ANY($1) ORDER BY position, id`,
        [ids],
      ) as Promise<ImageFields[]>,
    () => em.query(
      `SELECT si.id, si.variant_id, si.stock_location_id, sl.name AS stock_location_name, si.count_on_hand, si.backorderable, si.lock_version
         FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id
        WHERE si.variant_id = ANY($1) AND si.deleted_at IS NULL
        ORDER BY si.stock_location_id, si.id`,
      [ids],
    ) as Promise<Record<string, unknown>[]>,
  ] as const);

  const optionValues = valueRows.map((r) => ({
    variantId: r.variant_id as number,
    value: { id: r.id, name: r.name, presentation: r.presentation },
    type: { id: r.type_id, name: r.type_name, presentation: r.type_presentation, position: r.type_position },
  }));

  return {
    currency,
    prices: new Map(prices.map((p) => [p.variant_id, p.amount])),
    optionValues: groupById(ids, optionValues, (o) => o.variantId),
    images: groupById(ids, images, (i) => i.variantId),
    stockItems: groupById(
      ids,
      stockRows.map((r) => ({
        id: Number(r.id),
        variantId: Number(r.variant_id),
        stockLocationId: Number(r.stock_location_id),
        stockLocationName: String(r.stock_location_name),
        countOnHand: Number(r.count_on_hand),
        backorderable: Boolean(r.backorderable),
        lockVersion: Number(r.lock_version),
      })),
      (s) => s.variantId,
    ),
  };
}
