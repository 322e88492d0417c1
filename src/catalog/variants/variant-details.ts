import { EntityManager } from 'typeorm';
import type { ImageFields } from '../images/image.serializer';
import type { OptionTypeFields, OptionValueFields } from '../option-types/option-type.serializer';
import type { Variant } from './entities/variant.entity';
import type { VariantFields } from './variant.serializer';
import { groupById } from '../../common/collections/group-by-id';
import { IMAGES, OPTION_VALUES, PRICES, STOCK, STOCK_ITEMS, VARIANT_DETAILS, VariantDetailsJson, VariantSmallDetailsJson } from './variant-details.sql';

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

/** A variant's stock as small variant JSON and a product's `total_on_hand` show it. */
export interface VariantStock {
  /** Units on hand over all its stock items. */
  onHand: number;
  /** Whether some stock item has units on hand or takes backorders. */
  available: boolean;
}

/**
 * Everything small variant JSON (variants/small.rabl: product pages and lists,
 * line items) needs beyond the variant row, for a whole set of variants at
 * once: never one query per variant.
 */
export interface VariantSmallDetails {
  currency: string;
  /** Amount in the store currency (null when the variant has no price in it). */
  prices: Map<number, string | null>;
  optionValues: Map<number, VariantOptionValue[]>;
  images: Map<number, ImageFields[]>;
  stock: Map<number, VariantStock>;
}

/** And what full variant JSON (variants/big.rabl) adds: the stock items themselves. */
export interface VariantDetails extends VariantSmallDetails {
  stockItems: Map<number, VariantStockItem[]>;
}

/**
 * The columns of a variant that variant JSON and the product graph read, named
 * as the entity's properties: list pages read rows with plain SQL, because
 * hydrating entities costs far more than the queries (see docs/performance-changes.md).
 */
export type VariantRow = VariantFields & Pick<Variant, 'position' | 'deletedAt'>;

/** The details of the variants `ids` from the columns `variantDetailsColumns(…, 'small')` read. */
export function variantSmallDetailsFromJson(ids: number[], row: VariantSmallDetailsJson, currency: string): VariantSmallDetails {
  return { ...commonDetailsFromJson(ids, row, currency), stock: new Map(STOCK.read(row.stock).map(({ variantId, ...stock }) => [variantId, stock])) };
}

/** The details of the variants `ids` from the columns `variantDetailsColumns(…, 'full')` read. */
export function variantDetailsFromJson(ids: number[], row: VariantDetailsJson, currency: string): VariantDetails {
  return { ...variantSmallDetailsFromJson(ids, row, currency), stockItems: groupById(ids, STOCK_ITEMS.read(row.stockItems), (s) => s.variantId) };
}

function commonDetailsFromJson(ids: number[], row: Omit<VariantSmallDetailsJson, 'stock'>, currency: string): Omit<VariantSmallDetails, 'stock'> {
  return {
    currency,
    prices: new Map(PRICES.read(row.prices).map((p) => [p.variantId, p.amount])),
    optionValues: groupById(
      ids,
      OPTION_VALUES.read(row.optionValues).map((r) => ({
        variantId: r.variantId,
        value: { id: r.id, name: r.name, presentation: r.presentation },
        type: { id: r.typeId, name: r.typeName, presentation: r.typePresentation, position: r.typePosition },
      })),
      (o) => o.variantId,
    ),
    images: groupById(
      ids,
      IMAGES.read(row.images),
      (i) => i.variantId,
    ),
  };
}

/** Prices, option values, images and stock of these variants: one statement for any number of variants. */
export async function loadVariantDetails(em: EntityManager, variantIds: number[], currency: string): Promise<VariantDetails> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return { currency, prices: new Map(), optionValues: new Map(), images: new Map(), stock: new Map(), stockItems: new Map() };
  const [row] = await VARIANT_DETAILS(em).run<VariantDetailsJson>(em, [ids, currency]);
  return variantDetailsFromJson(ids, row, currency);
}
