import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, Repository } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { raiseEvent, registerEventRenderer } from '../../common/events/events';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPageRows, leftJoinLateral, ListParams, Page, SearchSpec, WINDOW_COUNT } from '../../common/listing/list-query';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ShippingCategory } from '../shipping-categories/entities/shipping-category.entity';
import { findOrCreateShippingCategory } from '../shipping-categories/shipping-categories.service';
import { TaxCategory } from '../../tax/tax-categories/entities/tax-category.entity';
import { OptionType } from '../option-types/entities/option-type.entity';
import { findOrCreateOptionType } from '../option-types/option-types.service';
import { PropertiesService } from '../properties/properties.service';
import { setProductTaxons } from '../taxonomies/classifications.service';
import { Taxon } from '../taxonomies/entities/taxon.entity';
import { Variant } from '../variants/entities/variant.entity';
import { VariantsService } from '../variants/variants.service';
import { addProductOptionType, keepProductOptionTypes } from './product-option-types';
import { ProductParamsDto } from './dto/product.dto';
import { Product } from './entities/product.entity';
import { KnownPage, loadProductGraph, loadVisibleProductWithGraph, ProductFields, ProductGraph } from './product-graph';
import { PRODUCT_VERSIONS, productColumns } from './product-graph.sql';
import { serializeProduct } from './product.serializer';
import { ADMIN_VIEW } from '../variants/variant.serializer';
import { findVisibleProduct, productIdParam, restrictToVisible, visibleProductCount, visibleProducts } from './product-scope';
import { findOrFail } from '../../common/db/find-or-fail';

/**
 * Products search (contract section 2): product columns, shipping category
 * name, and SKU / price through the master. The master is one lateral join
 * (its SKU and price read once per product, however many conditions name
 * them); the live master comes first, else the last deleted one.
 */
export function productSearch(currency: string): SearchSpec {
  const cur = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  const firstMaster = `WHERE sm.product_id = product.id AND sm.is_master ORDER BY sm.deleted_at DESC NULLS FIRST LIMIT 1`;
  return {
    attributes: {
      id: { expression: 'product.id', type: 'integer' },
      name: { expression: 'product.name', type: 'string' },
      description: { expression: 'product.description', type: 'string' },
      slug: { expression: 'product.slug', type: 'string' },
      permalink: { expression: 'product.slug', type: 'string' },
      available_on: { expression: 'product.available_on', type: 'datetime' },
      deleted_at: { expression: 'product.deleted_at', type: 'datetime' },
      created_at: { expression: 'product.created_at', type: 'datetime' },
      updated_at: { expression: 'product.updated_at', type: 'datetime' },
      shipping_category_id: { expression: 'product.shipping_category_id', type: 'integer' },
      shipping_category_name: { expression: 'ssc.name', type: 'string', joins: ['shipping_category'] },
      sku: { expression: 'master.sku', type: 'string', joins: ['master'] },
      master_sku: { expression: 'master.sku', type: 'string', joins: ['master'] },
      // Any live variant, master included (Spree's variants_including_master association).
      variants_including_master_sku: { expression: 'vim.sku', type: 'string', exists: { from: 'variants vim', where: 'vim.product_id = product.id AND vim.deleted_at IS NULL' } },
      price: { expression: 'master.price', type: 'decimal', joins: ['master'] },
    },
    joins: {
      shipping_category: (qb) => qb.leftJoin('shipping_categories', 'ssc', 'ssc.id = product.shipping_category_id'),
      master: (qb) =>
        leftJoinLateral(
          qb,
          `SELECT (SELECT sm.sku FROM variants sm ${firstMaster}) AS sku,
                  (SELECT sp.amount FROM variants sm JOIN prices sp ON sp.variant_id = sm.id AND sp.currency = '${cur}' ${firstMaster}) AS price`,
          'master',
        ),
    },
    defaultOrder: { 'product.id': 'ASC' },
  };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** friendly_id's `parameterize`: lower case ASCII words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

@Injectable()
export class ProductsService implements OnModuleInit {
  /** The products search of each currency the store sells in (its price condition reads that currency's price). */
  private readonly searches: Map<string, SearchSpec>;

  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly variantsService: VariantsService,
    private readonly propertiesService: PropertiesService,
  ) {
    this.searches = new Map(config.supportedCurrencies.map((currency) => [currency, productSearch(currency)]));
  }

  private searchIn(currency: string): SearchSpec {
    return this.searches.get(currency) ?? productSearch(currency);
  }

  private get em(): EntityManager {
    return this.products.manager;
  }

  /** Product events carry the product's JSON as an admin's GET /api/products/:id shows it (a deleted one too). */
  onModuleInit(): void {
    registerEventRenderer(this.em.connection, 'product', async (em, id) => {
      const product = await em.findOneOrFail(Product, { where: { id }, withDeleted: true });
      // As an admin sees it, cost_price included: events go to the shop's own endpoints, set up by an admin.
      return serializeProduct(product, await loadProductGraph(em, [product], this.config.currency), ADMIN_VIEW);
    });
  }

  /** The products' variants, prices (in `currency`, the store's by default), images, properties… in one statement. */
  graph(products: ProductFields[], currency: string = this.config.currency): Promise<ProductGraph> {
    return loadProductGraph(this.em, products, currency);
  }

  /** A page of the products the caller may see; `q[price_…]` conditions and sorts read prices in `currency`. */
  list(caller: Caller, params: ListParams, options: { showDeleted: boolean; ids?: number[] }, currency: string = this.config.currency): Promise<Page<ProductFields>> {
    const qb = restrictToVisible(this.products.createQueryBuilder('product'), caller, options.showDeleted);
    if (options.ids) {
      qb.andWhere('product.id IN (:...ids)', { ids: options.ids.length ? options.ids : [0] });
      params = { ...params, q: { s: params.q.s } };
    }
    const unfiltered = !options.ids && Object.keys(params.q).every((key) => key === 's');
    return findPageRows(qb, this.searchIn(currency), params, productColumns('product'), {
      totalCount: unfiltered ? visibleProductCount(caller, options.showDeleted) : undefined,
      idsFirst: 'products',
    });
  }

  /**
   * Spree's taxons#products: products classified in the taxon or any of its
   * descendants, that the caller may see, by their position in the taxon.
   */
  async listForTaxon(caller: Caller, taxonId: number, params: ListParams, showDeleted: boolean, currency: string = this.config.currency): Promise<Page<ProductFields>> {
    const rows: { id: number }[] = await this.em.query(
      `WITH RECURSIVE tree AS (SELECT id FROM taxons WHERE id = $1 UNION ALL SELECT t.id FROM taxons t JOIN tree ON t.parent_id = tree.id)
       SELECT id FROM tree`,
      [taxonId],
    );
    if (rows.length === 0) throw new NotFoundError(); // not even the taxon itself
    // Integers read back from the database: safe to inline. One row per product with its
    // first position in the subtree, joined (not a correlated subquery per product).
    const taxonIds = `'{${rows.map((r) => Number(r.id)).join(',')}}'::int[]`;
    const qb = restrictToVisible(this.products.createQueryBuilder('product'), caller, showDeleted).innerJoin(
      (sub) =>
        sub
          .select('tc.product_id', 'product_id')
          .addSelect('MIN(tc.position)', 'position')
          .from('classifications', 'tc')
          .where(`tc.taxon_id = ANY(${taxonIds})`)
          .groupBy('tc.product_id'),
      'in_taxon',
      'in_taxon.product_id = product.id',
    );
    const spec: SearchSpec = { ...this.searchIn(currency), defaultOrder: { 'in_taxon.position': 'ASC', 'product.id': 'ASC' } };
    return findPageRows(qb, spec, params, productColumns('product'), { totalCount: WINDOW_COUNT, idsFirst: 'products' });
  }

  /**
   * The product page: the product as `find` finds it, with its version and its
   * graph, in one statement; without the graph when it is `known`'s product at
   * `known`'s version (the page kept by ProductPageCache is current).
   */
  async findWithGraph(
    slugOrId: string,
    caller: Caller,
    showDeleted: boolean,
    currency: string,
    known?: KnownPage,
  ): Promise<{ product: ProductFields; version: string; graph: ProductGraph | undefined }> {
    const found = await loadVisibleProductWithGraph(this.em, slugOrId, productIdParam(slugOrId), (alias) => visibleProducts(caller, showDeleted, alias), currency, known);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** The current id and version of the product each slug-or-id finds as `caller` may see it (undefined: none), in one statement. */
  async versions(refs: string[], caller: Caller): Promise<Array<KnownPage | undefined>> {
    const rows = await PRODUCT_VERSIONS(this.em, (alias) => visibleProducts(caller, false, alias)).run<{ i: number; id: number; version: string }>(this.em, [refs, refs.map(productIdParam)]);
    const found: Array<KnownPage | undefined> = refs.map(() => undefined);
    for (const row of rows) found[row.i - 1] = { id: row.id, version: row.version };
    return found;
  }

  find(slugOrId: string, caller: Caller, showDeleted = false): Promise<Product> {
    return findVisibleProduct(this.em, slugOrId, caller, showDeleted);
  }

  async create(params: ProductParamsDto): Promise<Product> {
    const id = await this.em.transaction(async (em) => {
      const shippingCategoryId = await this.resolveShippingCategory(em, params);
      const errors = new FieldErrorCollector();
      if (isBlank(params.name)) errors.add('name', "can't be blank");
      if (isBlank(params.price)) errors.add('price', "can't be blank");
      if (shippingCategoryId === null || shippingCategoryId === undefined) errors.add('shipping_category_id', "can't be blank");
      await this.checkReferences(em, params, errors);
      const explicitSlug = params.permalink ?? params.slug;
      const slug = explicitSlug !== undefined ? this.explicitSlug(explicitSlug, errors) : null;
      if (slug && (await em.existsBy(Product, { slug }))) errors.add('slug', 'has already been taken');
      errors.throwIfAny();

      const product = await em.save(
        Product,
        em.create(Product, {
          name: params.name!,
          description: params.description ?? null,
          availableOn: params.available_on ?? new Date(),
          deletedAt: null,
          slug: slug ?? (await this.uniqueSlug(em, params.name!)),
          metaDescription: params.meta_description ?? null,
          metaKeywords: params.meta_keywords ?? null,
          taxCategoryId: params.tax_category_id ?? null,
          shippingCategoryId: shippingCategoryId!,
        }),
      );
      await this.variantsService.insertVariant(
        em,
        product.id,
        { sku: params.sku, weight: params.weight, height: params.height, width: params.width, depth: params.depth, cost_price: params.cost_price, is_master: true, position: 1, track_inventory: true },
        params.price!,
      );
      await this.applyAssociations(em, product, params);
      raiseEvent(em, 'product.created', { resource: 'product', id: product.id });
      return product.id;
    });
    return this.products.findOneByOrFail({ id });
  }

  async update(product: Product, params: ProductParamsDto): Promise<Product> {
    await this.em.transaction(async (em) => {
      const shippingCategoryId = await this.resolveShippingCategory(em, params);
      const errors = new FieldErrorCollector();
      if (params.name !== undefined && isBlank(params.name)) errors.add('name', "can't be blank");
      if (params.price !== undefined && isBlank(params.price)) errors.add('price', "can't be blank");
      if (shippingCategoryId === null) errors.add('shipping_category_id', "can't be blank");
      await this.checkReferences(em, params, errors);
      const explicitSlug = params.permalink ?? params.slug;
      const slug = explicitSlug !== undefined ? this.explicitSlug(explicitSlug, errors) : null;
      if (slug && slug !== product.slug && (await em.existsBy(Product, { slug }))) errors.add('slug', 'has already been taken');
      errors.throwIfAny();

      const fields: Partial<Product> = {};
      if (params.name) fields.name = params.name; // a blank one was refused above
      if (params.description !== undefined) fields.description = params.description;
      if (params.available_on !== undefined) fields.availableOn = params.available_on;
      if (params.meta_description !== undefined) fields.metaDescription = params.meta_description;
      if (params.meta_keywords !== undefined) fields.metaKeywords = params.meta_keywords;
      if (params.tax_category_id !== undefined) fields.taxCategoryId = params.tax_category_id;
      if (shippingCategoryId !== undefined) fields.shippingCategoryId = shippingCategoryId!;
      if (slug) fields.slug = slug;
      if (Object.keys(fields).length) await em.update(Product, { id: product.id }, fields);

      const master = await em.findOne(Variant, { where: { productId: product.id, isMaster: true, deletedAt: IsNull() } });
      if (master) {
        await this.variantsService.updateInTransaction(em, master, {
          sku: params.sku,
          weight: params.weight,
          height: params.height,
          width: params.width,
          depth: params.depth,
          cost_price: params.cost_price,
          price: params.price ?? undefined,
        });
      }
      await this.applyAssociations(em, product, params);
      raiseEvent(em, 'product.updated', { resource: 'product', id: product.id });
    });
    return this.products.findOneByOrFail({ id: product.id });
  }

  /** Soft delete: the product, its variants (master included) and their stock items get deleted_at; rows are kept. */
  async softDelete(product: Product): Promise<void> {
    await this.em.transaction(async (em) => {
      const now = new Date();
      await em.update(Product, { id: product.id }, { deletedAt: now });
      await this.variantsService.softDeleteOfProduct(em, product.id, now);
      raiseEvent(em, 'product.deleted', { resource: 'product', id: product.id });
    });
  }

  /**
   * Undoes a soft delete (the back-office's Restore): the product, and the
   * variants and stock items deleted with it (same `deleted_at`, as
   * paranoia's recursive restore; those deleted before it stay deleted, and a
   * stock item whose location has a live one for the variant since stays
   * deleted). Under the product's row lock: two restores, or a restore and a
   * delete, are served one after the other. 422 on `deleted_at` when the
   * product is not deleted.
   */
  async restore(product: Product): Promise<Product> {
    await this.em.transaction(async (em) => {
      const [row] = await em.query(`SELECT deleted_at FROM products WHERE id = $1 FOR UPDATE`, [product.id]);
      if (!row?.deleted_at) throw InvalidResourceError.field('deleted_at', 'is blank: the product is not deleted');
      const at = row.deleted_at as Date;
      await em.query(`UPDATE products SET deleted_at = NULL, updated_at = now() WHERE id = $1`, [product.id]);
      await em.query(`UPDATE variants SET deleted_at = NULL, updated_at = now() WHERE product_id = $1 AND deleted_at = $2`, [product.id, at]);
      await em.query(
        `UPDATE stock_items si SET deleted_at = NULL, updated_at = now()
          WHERE si.deleted_at = $2 AND si.variant_id IN (SELECT id FROM variants WHERE product_id = $1 AND deleted_at IS NULL)
            AND NOT EXISTS (SELECT 1 FROM stock_items live WHERE live.stock_location_id = si.stock_location_id AND live.variant_id = si.variant_id AND live.deleted_at IS NULL)`,
        [product.id, at],
      );
      raiseEvent(em, 'product.updated', { resource: 'product', id: product.id });
    });
    return this.products.findOneByOrFail({ id: product.id });
  }

  // ---- helpers ----

  /** `shipping_category` (a name) finds or creates the category; undefined when neither it nor the id was sent. */
  private async resolveShippingCategory(em: EntityManager, params: ProductParamsDto): Promise<number | null | undefined> {
    if (!isBlank(params.shipping_category)) {
      const name = params.shipping_category!.trim();
      return (await findOrCreateShippingCategory(em, name)).id;
    }
    return params.shipping_category_id;
  }

  private async checkReferences(em: EntityManager, params: ProductParamsDto, errors: FieldErrorCollector): Promise<void> {
    if (typeof params.shipping_category_id === 'number' && isBlank(params.shipping_category) && !(await em.existsBy(ShippingCategory, { id: params.shipping_category_id }))) {
      errors.add('shipping_category_id', 'is invalid');
    }
    if (typeof params.tax_category_id === 'number' && !(await em.existsBy(TaxCategory, { id: params.tax_category_id }))) errors.add('tax_category_id', 'is invalid');
    if (params.taxon_ids?.length && (await em.countBy(Taxon, { id: In(params.taxon_ids) })) !== params.taxon_ids.length) errors.add('taxon_ids', 'is invalid');
    if (params.option_type_ids?.length && (await em.countBy(OptionType, { id: In(params.option_type_ids) })) !== params.option_type_ids.length) {
      errors.add('option_type_ids', 'is invalid');
    }
  }

  private explicitSlug(value: string, errors: FieldErrorCollector): string | null {
    const slug = slugify(value);
    if (slug === '') {
      errors.add('slug', 'is invalid');
      return null;
    }
    return slug;
  }

  /** The name's slug, made unique with -1, -2, … */
  private async uniqueSlug(em: EntityManager, name: string): Promise<string> {
    const base = slugify(name) || 'product';
    const rows: { slug: string }[] = await em.query(`SELECT slug FROM products WHERE slug = $1 OR slug LIKE $2`, [base, `${base.replace(/[\\%_]/g, '\\$&')}-%`]);
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 1; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** Taxons, option types, properties and embedded variants of a create or update. */
  private async applyAssociations(em: EntityManager, product: Product, params: ProductParamsDto): Promise<void> {
    if (params.taxon_ids !== undefined) {
      await setProductTaxons(em, product.id, params.taxon_ids ?? []);
    }
    if (params.option_type_ids !== undefined) {
      const typeIds = params.option_type_ids ?? [];
      await keepProductOptionTypes(em, product.id, typeIds);
      for (const typeId of typeIds) await addProductOptionType(em, product.id, typeId);
    }
    for (const name of params.option_types ?? []) await addProductOptionType(em, product.id, (await findOrCreateOptionType(em, name)).id);
    for (const pp of params.product_properties_attributes ?? []) {
      if (!isBlank(pp.property_name)) await this.propertiesService.setProductProperty(em, product.id, pp);
    }
    for (const variantParams of params.variants ?? params.variants_attributes ?? []) {
      const { id, ...attributes } = variantParams;
      if (id === undefined || id === null) {
        await this.variantsService.createInTransaction(em, product, attributes);
      } else {
        const variant = await findOrFail(em, Variant, { id, productId: product.id, isMaster: false, deletedAt: IsNull() });
        await this.variantsService.updateInTransaction(em, variant, attributes);
      }
    }
  }
}
