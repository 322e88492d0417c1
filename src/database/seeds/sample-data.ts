import { EntityManager } from 'typeorm';
import {
  SAMPLE_DESCRIPTION,
  SAMPLE_OPTION_TYPES,
  SAMPLE_PRODUCTS,
  SAMPLE_STOCK_COUNT,
  SAMPLE_TAXONOMIES,
  SAMPLE_VARIANTS,
  SampleImage,
  SampleProduct,
  SampleTaxon,
} from './sample-catalog';
import { SamplePictures } from './sample-pictures';

/**
 * The demo catalog (contract section 5): Spree 2.2's sample products,
 * variants, option types, properties, taxonomies (Categories, Brand), image
 * and stock. Runs inside the caller's transaction. With `pictures`, each image
 * gets real files (sample-pictures.ts); without, metadata only. A failed seed
 * can leave its files behind (unused, under fresh names): it runs once, on an empty store.
 *
 * Loaded only into an empty store: when any product row exists (deleted ones
 * included) it does nothing, so it is idempotent and never mixes demo
 * products into a real catalog. Option types, option values, properties,
 * taxonomies and taxons that already exist under the same name are reused.
 */
export async function seedSampleData(em: EntityManager, currency: string, pictures?: SamplePictures): Promise<void> {
  const [{ present }] = await em.query(`SELECT EXISTS (SELECT 1 FROM products) AS present`);
  if (present) return;
  pictures?.prepare([
    ...SAMPLE_PRODUCTS.flatMap((p) => p.images.map((image) => ({ productName: p.name, image }))),
    ...SAMPLE_VARIANTS.flatMap((v) => v.images.map((image) => ({ productName: v.product, image }))),
  ]);

  const shippingCategoryId = await requiredId(em, `SELECT id FROM shipping_categories WHERE name = 'Default'`, 'shipping category Default');
  const taxCategoryId = await requiredId(em, `SELECT id FROM tax_categories WHERE name = 'Default' AND deleted_at IS NULL`, 'tax category Default');
  const stockLocationId = await requiredId(em, `SELECT id FROM stock_locations WHERE name = 'default' ORDER BY id LIMIT 1`, 'stock location default');

  const optionTypeIds = new Map<string, number>();
  const optionValueIds = new Map<string, number>();
  for (const type of SAMPLE_OPTION_TYPES) {
    const typeId = await findOrInsert(
      em,
      `SELECT id FROM option_types WHERE name = $1`,
      [type.name],
      `INSERT INTO option_types (name, presentation, position) VALUES ($1, $2, $3) RETURNING id`,
      [type.name, type.presentation, type.position],
    );
    optionTypeIds.set(type.name, typeId);
    for (const value of type.values) {
      const valueId = await findOrInsert(
        em,
        `SELECT id FROM option_values WHERE option_type_id = $1 AND name = $2 ORDER BY id LIMIT 1`,
        [typeId, value.name],
        `INSERT INTO option_values (option_type_id, name, presentation, position) VALUES ($1, $2, $3, $4) RETURNING id`,
        [typeId, value.name, value.presentation, value.position],
      );
      optionValueIds.set(value.name, valueId);
    }
  }

  const propertyIds = new Map<string, number>();
  for (const name of new Set(SAMPLE_PRODUCTS.flatMap((p) => p.properties.map(([property]) => property)))) {
    // Product#set_property: a missing property is created with its name as presentation.
    propertyIds.set(
      name,
      await findOrInsert(em, `SELECT id FROM properties WHERE name = $1`, [name], `INSERT INTO properties (name, presentation) VALUES ($1, $1) RETURNING id`, [name]),
    );
  }

  const stock = async (variantId: number) => {
    const [item] = await em.query(
      `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, $3, false) RETURNING id`,
      [stockLocationId, variantId, SAMPLE_STOCK_COUNT],
    );
    await em.query(`INSERT INTO stock_movements (stock_item_id, quantity) VALUES ($1, $2)`, [item.id, SAMPLE_STOCK_COUNT]);
  };
  const images = async (variantId: number, list: SampleImage[], productName: string) => {
    for (const [index, image] of list.entries()) {
      const file = pictures ? await pictures.store(productName, image) : null;
      await em.query(
        `INSERT INTO images (variant_id, position, alt, attachment_file_name, attachment_content_type, attachment_file_size,
                             attachment_width, attachment_height, attachment_path, attachment_updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())`,
        [
          variantId,
          index + 1,
          image.alt,
          image.fileName,
          file?.contentType ?? image.contentType,
          file?.fileSize ?? image.fileSize,
          file?.width ?? image.width,
          file?.height ?? image.height,
          file?.path ?? null,
        ],
      );
    }
  };

  const products = new Map<string, { id: number; price: string }>();
  const slugs = new Set<string>();
  for (const product of SAMPLE_PRODUCTS) {
    const price = priceIn(product, currency);
    const slug = uniqueSlug(parameterize(product.name), slugs);
    const [{ id: productId }] = await em.query(
      `INSERT INTO products (name, description, available_on, slug, tax_category_id, shipping_category_id)
       VALUES ($1, $2, now() - interval '1 day', $3, $4, $5) RETURNING id`,
      [product.name, SAMPLE_DESCRIPTION, slug, taxCategoryId, shippingCategoryId],
    );
    products.set(product.name, { id: productId, price });
    const masterId = await insertVariant(em, productId, true, product.sku, product.costPrice, 1, price, currency);
    for (const [index, name] of product.optionTypes.entries()) {
      await em.query(`INSERT INTO product_option_types (product_id, option_type_id, position) VALUES ($1, $2, $3)`, [productId, optionTypeIds.get(name), index + 1]);
    }
    for (const [index, [name, value]] of product.properties.entries()) {
      await em.query(`INSERT INTO product_properties (product_id, property_id, value, position) VALUES ($1, $2, $3, $4)`, [
        productId,
        propertyIds.get(name),
        value,
        index + 1,
      ]);
    }
    await images(masterId, product.images, product.name);
    await stock(masterId);
  }

  // Spree::Variant#set_position: each new variant goes after its product's others.
  const positions = new Map<number, number>();
  for (const variant of SAMPLE_VARIANTS) {
    const product = products.get(variant.product);
    if (!product) throw new Error(`Sample variant ${variant.sku} names an unknown product ${variant.product}`);
    const position = (positions.get(product.id) ?? 0) + 1;
    positions.set(product.id, position);
    // Spree::Variant#check_price: a variant without a price takes its master's.
    const variantId = await insertVariant(em, product.id, false, variant.sku, variant.costPrice, position, product.price, currency);
    for (const name of variant.optionValues) {
      const optionValueId = optionValueIds.get(name);
      if (optionValueId === undefined) throw new Error(`Sample variant ${variant.sku} names an unknown option value ${name}`);
      await em.query(`INSERT INTO option_values_variants (variant_id, option_value_id) VALUES ($1, $2)`, [variantId, optionValueId]);
    }
    await images(variantId, variant.images, variant.product);
    await stock(variantId);
  }

  for (const taxonomy of SAMPLE_TAXONOMIES) {
    const taxonomyId = await findOrInsert(
      em,
      `SELECT id FROM taxonomies WHERE name = $1 ORDER BY id LIMIT 1`,
      [taxonomy.name],
      `INSERT INTO taxonomies (name, position) VALUES ($1, $2) RETURNING id`,
      [taxonomy.name, taxonomy.position],
    );
    // Spree::Taxonomy#set_name: the root taxon is named like its taxonomy.
    const rootPermalink = parameterize(taxonomy.name);
    const rootId = await findOrInsert(
      em,
      `SELECT id FROM taxons WHERE taxonomy_id = $1 AND parent_id IS NULL`,
      [taxonomyId],
      `INSERT INTO taxons (taxonomy_id, parent_id, position, name, permalink) VALUES ($1, NULL, 0, $2, $3) RETURNING id`,
      [taxonomyId, taxonomy.name, rootPermalink],
    );
    const [root] = await em.query(`SELECT permalink FROM taxons WHERE id = $1`, [rootId]);
    await insertTaxons(em, taxonomyId, rootId, root.permalink, taxonomy.taxons, products);
  }
}

async function insertTaxons(
  em: EntityManager,
  taxonomyId: number,
  parentId: number,
  parentPermalink: string,
  taxons: SampleTaxon[],
  products: Map<string, { id: number }>,
): Promise<void> {
  for (const taxon of taxons) {
    // Spree::Taxon#set_permalink: the parent's permalink plus the name as a URL part.
    const permalink = `${parentPermalink}/${parameterize(taxon.name)}`;
    const taxonId = await findOrInsert(
      em,
      `SELECT id FROM taxons WHERE taxonomy_id = $1 AND permalink = $2 ORDER BY id LIMIT 1`,
      [taxonomyId, permalink],
      `INSERT INTO taxons (taxonomy_id, parent_id, position, name, permalink) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [taxonomyId, parentId, taxon.position, taxon.name, permalink],
    );
    for (const [index, name] of taxon.products.entries()) {
      const product = products.get(name);
      if (!product) throw new Error(`Sample taxon ${taxon.name} names an unknown product ${name}`);
      await em.query(
        `INSERT INTO classifications (product_id, taxon_id, position) VALUES ($1, $2, $3) ON CONFLICT (taxon_id, product_id) DO NOTHING`,
        [product.id, taxonId, index + 1],
      );
    }
    await insertTaxons(em, taxonomyId, taxonId, permalink, taxon.children, products);
  }
}

async function insertVariant(
  em: EntityManager,
  productId: number,
  isMaster: boolean,
  sku: string,
  costPrice: string,
  position: number,
  price: string,
  currency: string,
): Promise<number> {
  const [{ id }] = await em.query(
    `INSERT INTO variants (product_id, sku, is_master, cost_price, cost_currency, position, track_inventory)
     VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
    [productId, sku, isMaster, costPrice, currency, position],
  );
  await em.query(`INSERT INTO prices (variant_id, amount, currency) VALUES ($1, $2, $3)`, [id, price, currency]);
  return id;
}

/** Spree's sample priced each master in USD and EUR; other currencies take the USD figure. */
function priceIn(product: SampleProduct, currency: string): string {
  return currency.toUpperCase() === 'EUR' ? product.price.EUR : product.price.USD;
}

/** Rails' `parameterize` / Stringex's `to_url` for the sample's ASCII names: "Jr. Spaghetti" → "jr-spaghetti". */
export function parameterize(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

async function requiredId(em: EntityManager, sql: string, what: string): Promise<number> {
  const rows = await em.query(sql);
  if (rows.length === 0) throw new Error(`Cannot load the sample data: the ${what} is missing (reference data not loaded?)`);
  return rows[0].id;
}

async function findOrInsert(em: EntityManager, findSql: string, findParams: unknown[], insertSql: string, insertParams: unknown[]): Promise<number> {
  const found = await em.query(findSql, findParams);
  if (found.length > 0) return found[0].id;
  const [inserted] = await em.query(insertSql, insertParams);
  return inserted.id;
}
