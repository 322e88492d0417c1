import { EntityManager, In } from 'typeorm';
import { Image } from '../images/entities/image.entity';
import { OptionType } from '../option-types/entities/option-type.entity';
import { OptionValue } from '../option-types/entities/option-value.entity';
import { Price } from './entities/price.entity';
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
  value: OptionValue;
  type: OptionType;
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
  images: Map<number, Image[]>;
  stockItems: Map<number, VariantStockItem[]>;
}

export async function loadVariantDetails(em: EntityManager, variantIds: number[], currency: string): Promise<VariantDetails> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return { currency, prices: new Map(), optionValues: new Map(), images: new Map(), stockItems: new Map() };

  const [prices, valueRows, images, stockRows] = await runAll(em, [
    () => em.find(Price, { where: { variantId: In(ids), currency } }),
    () =>
      em
      .createQueryBuilder(OptionValue, 'option_value')
      .innerJoinAndSelect('option_value.optionType', 'option_type')
      .innerJoin('option_values_variants', 'ovv', 'ovv.option_value_id = option_value.id')
      .addSelect('ovv.variant_id', 'variant_id')
      .where('ovv.variant_id IN (:...ids)', { ids })
      .orderBy('option_type.position', 'ASC')
      .addOrderBy('option_type.id', 'ASC')
      .addOrderBy('option_value.position', 'ASC')
      .getRawAndEntities(),
    () => em.find(Image, { where: { variantId: In(ids) }, order: { position: 'ASC', id: 'ASC' } }),
    () => em.query(
      `SELECT si.id, si.variant_id, si.stock_location_id, sl.name AS stock_location_name, si.count_on_hand, si.backorderable, si.lock_version
         FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id
        WHERE si.variant_id = ANY($1) AND si.deleted_at IS NULL
        ORDER BY si.stock_location_id, si.id`,
      [ids],
    ) as Promise<Record<string, unknown>[]>,
  ] as const);

  // getRawAndEntities: one raw row per (value, variant) pair; entities are deduplicated by value id.
  const valuesById = new Map(valueRows.entities.map((v) => [v.id, v]));
  const pairs = valueRows.raw.map((raw: Record<string, unknown>) => ({ variantId: Number(raw.variant_id), value: valuesById.get(Number(raw.option_value_id))! }));

  return {
    currency,
    prices: new Map(prices.map((p) => [p.variantId, p.amount])),
    optionValues: new Map(
      [...groupById(ids, pairs, (p) => p.variantId)].map(([id, list]) => [id, list.map(({ value }) => ({ value, type: value.optionType! }))]),
    ),
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
