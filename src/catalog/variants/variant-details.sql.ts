import type { ImageFields } from '../images/image.serializer';
import type { VariantRow, VariantStock, VariantStockItem } from './variant-details';
import { JsonRows, propertyColumns } from '../../common/db/entity-json';
import { inIds, preparedStatement } from '../../common/db/prepared-statement';

/*
 * The SQL of variant details (variant-details.ts runs and reads it): the
 * columns other graphs nest (the product graph, the order graph) and the
 * statement of loadVariantDetails.
 */

/** `{ property: column of alias v }` for a variant row. */
export function variantColumns(v: string): Record<keyof VariantRow, string> {
  return propertyColumns<keyof VariantRow>(v, ['id', 'productId', 'sku', 'weight', 'height', 'width', 'depth', 'isMaster', 'costPrice', 'position', 'trackInventory', 'deletedAt']);
}

/** Variant rows nested as JSON (numerics as text, as pg reads them). */
export const VARIANT_JSON = new JsonRows<VariantRow>(
  Object.fromEntries(
    Object.entries(variantColumns('v')).map(([property, column]) => [property, ['weight', 'height', 'width', 'depth', 'costPrice'].includes(property) ? `${column}::text` : column]),
  ) as Record<keyof VariantRow, string>,
  ['deletedAt'],
);

export const PRICES = new JsonRows<{ variantId: number; amount: string | null }>({ variantId: 'p.variant_id', amount: 'p.amount::text' });
export const OPTION_VALUES = new JsonRows<{ variantId: number; id: number; name: string; presentation: string; typeId: number; typeName: string; typePresentation: string; typePosition: number }>({
  variantId: 'ovv.variant_id',
  id: 'ov.id',
  name: 'ov.name',
  presentation: 'ov.presentation',
  typeId: 'ot.id',
  typeName: 'ot.name',
  typePresentation: 'ot.presentation',
  typePosition: 'ot.position',
});
export const IMAGES = new JsonRows<ImageFields>(
  {
    id: 'i.id',
    variantId: 'i.variant_id',
    position: 'i.position',
    alt: 'i.alt',
    attachmentFileName: 'i.attachment_file_name',
    attachmentContentType: 'i.attachment_content_type',
    attachmentWidth: 'i.attachment_width',
    attachmentHeight: 'i.attachment_height',
    attachmentUpdatedAt: 'i.attachment_updated_at',
    attachmentPath: 'i.attachment_path',
  },
  ['attachmentUpdatedAt'],
);
export const STOCK_ITEMS = new JsonRows<VariantStockItem>({
  id: 'si.id',
  variantId: 'si.variant_id',
  stockLocationId: 'si.stock_location_id',
  stockLocationName: 'sl.name',
  countOnHand: 'si.count_on_hand',
  backorderable: 'si.backorderable',
  lockVersion: 'si.lock_version',
});

/** Per variant, what VariantStock holds, summed in SQL (the one place of the rule): a page of products reads one row per variant instead of one per stock item. */
export const STOCK = new JsonRows<{ variantId: number } & VariantStock>({ variantId: 'variant_id', onHand: 'on_hand', available: 'available' });

/**
 * The detail columns of the variants whose ids `variantIds` selects (SQL: a
 * subquery or array expression usable as `= ANY(…)` / `IN (…)`), priced in
 * `currency` (a parameter reference such as `$2`): prices, option values,
 * images and the stock summary, and for full variant JSON the stock items
 * too. Part of a larger statement: the product graph reads them together
 * with the products' own associations.
 */
export function variantDetailsColumns(variantIds: string, currency: string, json: 'small' | 'full' = 'full'): string {
  const columns = [
    `${PRICES.select(`FROM prices p WHERE p.variant_id ${variantIds} AND p.currency = ${currency}`, 'p.id')} AS prices`,
    `${OPTION_VALUES.select(
      `FROM option_values_variants ovv JOIN option_values ov ON ov.id = ovv.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id WHERE ovv.variant_id ${variantIds}`,
      'ot.position, ot.id, ov.position, ov.id',
    )} AS "optionValues"`,
    `${IMAGES.select(`FROM images i WHERE i.variant_id ${variantIds}`, 'i.position, i.id')} AS images`,
    `${STOCK.select(
      `FROM (SELECT si.variant_id, sum(si.count_on_hand)::int AS on_hand, bool_or(si.count_on_hand > 0 OR si.backorderable) AS available
               FROM stock_items si WHERE si.variant_id ${variantIds} AND si.deleted_at IS NULL GROUP BY si.variant_id) s`,
      'variant_id',
    )} AS stock`,
  ];
  if (json === 'full') {
    columns.push(
      `${STOCK_ITEMS.select(
        `FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id WHERE si.variant_id ${variantIds} AND si.deleted_at IS NULL`,
        'si.stock_location_id, si.id',
      )} AS "stockItems"`,
    );
  }
  return columns.join(',\n');
}

/** What `variantDetailsColumns(…, 'small')` read: JSON arrays of rows. */
export interface VariantSmallDetailsJson {
  prices: unknown[][];
  optionValues: unknown[][];
  images: unknown[][];
  stock: unknown[][];
}

/** What `variantDetailsColumns(…, 'full')` read. */
export interface VariantDetailsJson extends VariantSmallDetailsJson {
  stockItems: unknown[][];
}

/** Prices, option values, images and stock of the variants $1 priced in $2: loadVariantDetails. */
export const VARIANT_DETAILS = preparedStatement('variant-details', () => `SELECT ${variantDetailsColumns(inIds('$1'), '$2')}`);
