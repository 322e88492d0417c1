import { DataSource } from 'typeorm';

/**
 * Catalog rows for tests, written straight to the database (fast, and
 * independent of the endpoints under test). Shared by every test file:
 * extend these rather than writing another factory.
 */
let sequence = 0;
const next = () => `${++sequence}-${process.pid}`;

export interface TestProduct {
  id: number;
  slug: string;
  name: string;
  masterVariantId: number;
}

export async function defaultShippingCategoryId(db: DataSource): Promise<number> {
  const [{ id }] = await db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
  return id;
}

export async function defaultStockLocationId(db: DataSource): Promise<number> {
  const [{ id }] = await db.query(`SELECT id FROM stock_locations WHERE name = 'default'`);
  return id;
}

/** A product with its master variant and price (available since yesterday unless told). */
export async function createProduct(
  db: DataSource,
  options: { name?: string; slug?: string; price?: string; availableOn?: Date | null; deletedAt?: Date | null; sku?: string; currency?: string } = {},
): Promise<TestProduct> {
  const n = next();
  const name = options.name ?? `Product ${n}`;
  const slug = options.slug ?? `product-${n}`;
  const availableOn = options.availableOn === undefined ? new Date(Date.now() - 86_400_000) : options.availableOn;
  const [{ id }] = await db.query(
    `INSERT INTO products (name, description, available_on, deleted_at, slug, shipping_category_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [name, `About ${name}`, availableOn, options.deletedAt ?? null, slug, await defaultShippingCategoryId(db)],
  );
  const masterVariantId = await insertVariant(db, id, { isMaster: true, price: options.price ?? '19.99', sku: options.sku ?? `SKU-${n}`, currency: options.currency, deletedAt: options.deletedAt ?? null });
  return { id, slug, name, masterVariantId };
}

/** A non-master variant of a product, with a price and a stock item at the default location. */
export async function createVariant(db: DataSource, productId: number, options: { price?: string; sku?: string; countOnHand?: number; backorderable?: boolean } = {}): Promise<number> {
  const id = await insertVariant(db, productId, { isMaster: false, price: options.price ?? '19.99', sku: options.sku ?? `SKU-${next()}` });
  await db.query(
    `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, $3, $4)`,
    [await defaultStockLocationId(db), id, options.countOnHand ?? 10, options.backorderable ?? false],
  );
  return id;
}

async function insertVariant(db: DataSource, productId: number, o: { isMaster: boolean; price: string; sku: string; currency?: string; deletedAt?: Date | null }): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO variants (product_id, sku, is_master, position, track_inventory, weight, deleted_at) VALUES ($1, $2, $3, 1, true, 1.5, $4) RETURNING id`,
    [productId, o.sku, o.isMaster, o.deletedAt ?? null],
  );
  await db.query(`INSERT INTO prices (variant_id, amount, currency) VALUES ($1, $2, $3)`, [id, o.price, o.currency ?? 'USD']);
  return id;
}

/** An option type with values, e.g. createOptionType(db, 'size', ['S', 'M']). */
export async function createOptionType(db: DataSource, name = `type-${next()}`, values: string[] = ['S', 'M']): Promise<{ id: number; valueIds: number[] }> {
  const [{ id }] = await db.query(`INSERT INTO option_types (name, presentation, position) VALUES ($1, $2, 1) RETURNING id`, [name, name.toUpperCase()]);
  const valueIds: number[] = [];
  for (const [i, v] of values.entries()) {
    const [row] = await db.query(`INSERT INTO option_values (option_type_id, name, presentation, position) VALUES ($1, $2, $3, $4) RETURNING id`, [id, v.toLowerCase(), v, i + 1]);
    valueIds.push(row.id);
  }
  return { id, valueIds };
}

/** A taxonomy with its root taxon (named like the taxonomy, as Spree does). */
export async function createTaxonomy(db: DataSource, name = `Taxonomy ${next()}`): Promise<{ id: number; rootId: number }> {
  const [{ id }] = await db.query(`INSERT INTO taxonomies (name, position) VALUES ($1, 0) RETURNING id`, [name]);
  const [root] = await db.query(`INSERT INTO taxons (taxonomy_id, parent_id, position, name, permalink) VALUES ($1, NULL, 0, $2, $3) RETURNING id`, [
    id,
    name,
    name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  ]);
  return { id, rootId: root.id };
}

/** A child taxon; its permalink is the parent's plus its own name. */
export async function createTaxon(db: DataSource, parentId: number, name = `Taxon ${next()}`): Promise<number> {
  const [parent] = await db.query(`SELECT taxonomy_id, permalink FROM taxons WHERE id = $1`, [parentId]);
  const [{ id }] = await db.query(`INSERT INTO taxons (taxonomy_id, parent_id, position, name, permalink) VALUES ($1, $2, 0, $3, $4) RETURNING id`, [
    parent.taxonomy_id,
    parentId,
    name,
    `${parent.permalink}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  ]);
  return id;
}

export async function classify(db: DataSource, productId: number, taxonId: number, position = 0): Promise<void> {
  await db.query(`INSERT INTO classifications (product_id, taxon_id, position) VALUES ($1, $2, $3)`, [productId, taxonId, position]);
}

/** A stock location in the US (no stock items: propagation is the API's job). */
export async function createStockLocation(
  db: DataSource,
  options: { name?: string; active?: boolean; backorderableDefault?: boolean; propagateAllVariants?: boolean; city?: string } = {},
): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO stock_locations (name, address1, city, zipcode, phone, country_id, state_id, active, backorderable_default, propagate_all_variants)
     SELECT $1, '1600 Pennsylvania Ave NW', $2, '20500', '(202) 456-1111', c.id, (SELECT s.id FROM states s WHERE s.country_id = c.id AND s.abbr = 'DC'), $3, $4, $5
       FROM countries c WHERE c.iso = 'US' RETURNING id`,
    [options.name ?? `Warehouse ${next()}`, options.city ?? 'Washington', options.active ?? true, options.backorderableDefault ?? false, options.propagateAllVariants ?? true],
  );
  return id;
}

/** A stock item of a variant at a location; returns its id. */
export async function createStockItem(db: DataSource, stockLocationId: number, variantId: number, options: { countOnHand?: number; backorderable?: boolean } = {}): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, $3, $4) RETURNING id`,
    [stockLocationId, variantId, options.countOnHand ?? 0, options.backorderable ?? false],
  );
  return id;
}

/** Image metadata on a variant (a product's images hang on its master). */
export async function createImage(db: DataSource, variantId: number, options: { fileName?: string; position?: number; alt?: string | null } = {}): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO images (variant_id, position, alt, attachment_file_name, attachment_content_type, attachment_width, attachment_height, attachment_updated_at)
     VALUES ($1, $2, $3, $4, 'image/jpeg', 490, 490, now()) RETURNING id`,
    [variantId, options.position ?? 1, options.alt ?? null, options.fileName ?? 'thinking-cat.jpg'],
  );
  return id;
}

/** A property (presentation defaults to the name). */
export async function createProperty(db: DataSource, name = `property-${next()}`, presentation = name): Promise<number> {
  const [{ id }] = await db.query(`INSERT INTO properties (name, presentation) VALUES ($1, $2) RETURNING id`, [name, presentation]);
  return id;
}

/** Gives a product a property value (creating the property when missing), as Spree's `product.set_property`. */
export async function setProductProperty(db: DataSource, productId: number, name: string, value: string, position = 0): Promise<number> {
  const [existing] = await db.query(`SELECT id FROM properties WHERE name = $1`, [name]);
  const propertyId = existing?.id ?? (await createProperty(db, name));
  const [{ id }] = await db.query(`INSERT INTO product_properties (product_id, property_id, value, position) VALUES ($1, $2, $3, $4) RETURNING id`, [
    productId,
    propertyId,
    value,
    position,
  ]);
  return id;
}

/** Links option values to a variant (and their option types to its product). */
export async function addOptionValues(db: DataSource, variantId: number, optionValueIds: number[]): Promise<void> {
  for (const valueId of optionValueIds) {
    await db.query(`INSERT INTO option_values_variants (variant_id, option_value_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [variantId, valueId]);
    await db.query(
      `INSERT INTO product_option_types (product_id, option_type_id)
       SELECT v.product_id, ov.option_type_id FROM variants v, option_values ov WHERE v.id = $1 AND ov.id = $2 ON CONFLICT DO NOTHING`,
      [variantId, valueId],
    );
  }
}
