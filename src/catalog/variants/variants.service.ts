import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { raiseEvent } from '../../common/events/events';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPageRows, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { OptionValue } from '../option-types/entities/option-value.entity';
import { findOrCreateOptionType, findOrCreateOptionValue } from '../option-types/option-types.service';
import { Product } from '../products/entities/product.entity';
import { findVisibleProduct } from '../products/product-scope';
import { VariantParamsDto } from './dto/variant.dto';
import { Variant } from './entities/variant.entity';
import { loadVariantDetails, VariantDetails, VariantRow } from './variant-details';
import { variantColumns } from './variant-details.sql';
import type { VariantFields } from './variant.serializer';
import { loadProductRows, ProductFields } from '../products/product-graph';
import { restrictVariantsToVisible } from './variant-scope';
import { VARIANT_STOCK, VariantStock } from './variant-stock';
import { addProductOptionType } from '../products/product-option-types';

/** `/api/variants` search: the variant's own columns plus its product's name and its price. */
export function variantSearch(currency: string, nested: boolean): SearchSpec {
  const cur = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  return {
    attributes: {
      id: { expression: 'variant.id', type: 'integer' },
      sku: { expression: 'variant.sku', type: 'string' },
      weight: { expression: 'variant.weight', type: 'decimal' },
      is_master: { expression: 'variant.is_master', type: 'boolean' },
      position: { expression: 'variant.position', type: 'integer' },
      product_id: { expression: 'variant.product_id', type: 'integer' },
      deleted_at: { expression: 'variant.deleted_at', type: 'datetime' },
      created_at: { expression: 'variant.created_at', type: 'datetime' },
      updated_at: { expression: 'variant.updated_at', type: 'datetime' },
      product_name: {
        expression: '(SELECT sp.name FROM products sp WHERE sp.id = variant.product_id)',
        type: 'string',
        lookup: { column: 'variant.product_id', from: 'products sp', key: 'sp.id', expression: 'sp.name' },
      },
      price: { expression: 'sv.amount', type: 'decimal', joins: ['price'] },
    },
    // One price per variant and currency (prices_variant_id_currency_key): a join, read once however many conditions name it.
    joins: { price: (qb) => qb.leftJoin('prices', 'sv', `sv.variant_id = variant.id AND sv.currency = '${cur}'`) },
    defaultOrder: nested ? { 'variant.position': 'ASC', 'variant.id': 'ASC' } : { 'variant.id': 'ASC' },
  };
}

/** `GET .../variants/new` (Spree's variants/new.v1.rabl). */
export const VARIANTS_NEW = {
  attributes: ['id', 'name', 'sku', 'price', 'weight', 'height', 'width', 'depth', 'is_master', 'cost_price', 'slug', 'description', 'track_inventory'],
  required_attributes: [] as string[],
};

@Injectable()
export class VariantsService {
  constructor(
    @InjectRepository(Variant) private readonly variants: Repository<Variant>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(VARIANT_STOCK) private readonly stock: VariantStock,
  ) {}

  private get em(): EntityManager {
    return this.variants.manager;
  }

  get currency(): string {
    return this.config.currency;
  }

  findProduct(slugOrId: string, caller: Caller, showDeleted: boolean): Promise<Product> {
    return findVisibleProduct(this.em, slugOrId, caller, showDeleted);
  }

  /** A page of the variants the caller may see; `q[price_…]` conditions and sorts read prices in `currency`. */
  async list(caller: Caller, params: ListParams, product: Product | null, showDeleted: boolean, currency: string = this.currency): Promise<Page<VariantRow>> {
    const qb = restrictVariantsToVisible(this.variants.createQueryBuilder('variant'), caller, showDeleted);
    if (product) qb.andWhere('variant.product_id = :productId', { productId: product.id });
    return findPageRows(qb, variantSearch(currency, product !== null), params, variantColumns('variant'));
  }

  async find(caller: Caller, id: number, product: Product | null, showDeleted: boolean): Promise<Variant> {
    const qb = restrictVariantsToVisible(this.variants.createQueryBuilder('variant'), caller, showDeleted).andWhere('variant.id = :id', { id });
    if (product) qb.andWhere('variant.product_id = :productId', { productId: product.id });
    const variant = await qb.getOne();
    if (!variant) throw new NotFoundError();
    return variant;
  }

  /** Prices (in `currency`, the store's by default), option values, images and stock of these variants, plus their products (one query each). */
  async details(variants: VariantFields[], currency: string = this.currency): Promise<{ details: VariantDetails; products: Map<number, ProductFields> }> {
    const [details, products] = await Promise.all([
      loadVariantDetails(this.em, variants.map((v) => v.id), currency),
      loadProductRows(this.em, [...new Set(variants.map((v) => v.productId))]),
    ]);
    return { details, products: new Map(products.map((p) => [p.id, p])) };
  }

  /** Creates, then reads the row back (so numbers come out as the database stores them). */
  async create(product: Product, params: VariantParamsDto): Promise<Variant> {
    const { id } = await this.em.transaction(async (em) => this.createInTransaction(em, product, params));
    return this.variants.findOneByOrFail({ id });
  }

  async update(variant: Variant, params: VariantParamsDto): Promise<Variant> {
    await this.em.transaction(async (em) => this.updateInTransaction(em, variant, params));
    return this.variants.findOneByOrFail({ id: variant.id });
  }

  /** Soft delete: the row stays (orders keep pointing at it), its stock items go with it. */
  async softDelete(variant: Variant): Promise<void> {
    await this.em.transaction(async (em) => {
      const now = new Date();
      await em.update(Variant, { id: variant.id }, { deletedAt: now });
      await this.stock.variantsDeleted(em, { variantId: variant.id }, now);
      raiseEvent(em, 'product.updated', { resource: 'product', id: variant.productId });
    });
  }

  /** A soft-deleted product's variants (master included) and their stock items get deleted_at; rows are kept. */
  async softDeleteOfProduct(em: EntityManager, productId: number, now: Date): Promise<void> {
    await em.query(`UPDATE variants SET deleted_at = $1 WHERE product_id = $2 AND deleted_at IS NULL`, [now, productId]);
    await this.stock.variantsDeleted(em, { productId }, now);
  }

  // ---- building blocks, also used by product create/update inside their transaction ----

  /** A non-master variant; its price defaults to the master's. Stock items are created at propagating locations. */
  async createInTransaction(em: EntityManager, product: Product, params: VariantParamsDto): Promise<Variant> {
    let price = params.price ?? null;
    if (price === null) {
      const [row] = await em.query(
        `SELECT p.amount FROM prices p JOIN variants v ON v.id = p.variant_id
          WHERE v.product_id = $1 AND v.is_master AND p.currency = $2 ORDER BY v.deleted_at DESC NULLS FIRST LIMIT 1`,
        [product.id, this.currency],
      );
      price = row?.amount ?? null;
    }
    if (price === null) throw InvalidResourceError.field('price', "can't be blank");
    await this.validateOptionValueIds(em, params.option_value_ids);
    const [{ max }] = await em.query(`SELECT COALESCE(MAX(position), 0) AS max FROM variants WHERE product_id = $1 AND NOT is_master`, [product.id]);
    const variant = await this.insertVariant(em, product.id, { ...params, is_master: false, position: params.position ?? Number(max) + 1 }, price);
    await this.applyOptions(em, variant, params);
    raiseEvent(em, 'product.updated', { resource: 'product', id: product.id });
    return variant;
  }

  async updateInTransaction(em: EntityManager, variant: Variant, params: VariantParamsDto): Promise<Variant> {
    const errors = new FieldErrorCollector();
    if (params.price === null) errors.add('price', "can't be blank");
    errors.throwIfAny();
    await this.validateOptionValueIds(em, params.option_value_ids);
    const fields: Partial<Variant> = {};
    if (params.sku !== undefined) fields.sku = params.sku ?? '';
    for (const key of ['weight', 'height', 'width', 'depth'] as const) if (params[key] !== undefined) fields[key] = params[key] ?? null;
    if (params.cost_price !== undefined) fields.costPrice = params.cost_price ?? null;
    if (params.position !== undefined) fields.position = params.position;
    if (params.track_inventory !== undefined) fields.trackInventory = params.track_inventory;
    Object.assign(variant, fields);
    variant = await em.save(Variant, variant);
    if (params.price !== undefined && params.price !== null) await this.setPrice(em, variant.id, params.price);
    await this.applyOptions(em, variant, params);
    raiseEvent(em, 'product.updated', { resource: 'product', id: variant.productId });
    return variant;
  }

  /** The variant's price in the store currency (created or replaced). */
  /**
   * Inserts a variant (a product's master or another) with its price in the
   * store currency and its stock items at propagating locations: the one way
   * a variant row comes into being.
   */
  async insertVariant(
    em: EntityManager,
    productId: number,
    attributes: Pick<VariantParamsDto, 'sku' | 'weight' | 'height' | 'width' | 'depth' | 'cost_price' | 'track_inventory'> & { is_master: boolean; position: number },
    price: string,
  ): Promise<Variant> {
    const variant = await em.save(
      Variant,
      em.create(Variant, {
        productId,
        sku: attributes.sku ?? '',
        weight: attributes.weight ?? null,
        height: attributes.height ?? null,
        width: attributes.width ?? null,
        depth: attributes.depth ?? null,
        isMaster: attributes.is_master,
        costPrice: attributes.cost_price ?? null,
        costCurrency: this.currency,
        position: attributes.position,
        trackInventory: attributes.track_inventory ?? true,
        deletedAt: null,
      }),
    );
    await this.setPrice(em, variant.id, price);
    await this.stock.variantCreated(em, variant.id);
    return variant;
  }

  async setPrice(em: EntityManager, variantId: number, amount: string): Promise<void> {
    await em.query(
      `INSERT INTO prices (variant_id, amount, currency) VALUES ($1, $2, $3)
       ON CONFLICT (variant_id, currency) DO UPDATE SET amount = EXCLUDED.amount`,
      [variantId, amount, this.currency],
    );
  }

  private async validateOptionValueIds(em: EntityManager, ids: number[] | undefined | null): Promise<void> {
    if (!ids || ids.length === 0) return;
    const found = await em.countBy(OptionValue, { id: In(ids) });
    if (found !== ids.length) throw InvalidResourceError.field('option_value_ids', 'is invalid');
  }

  /** `option_value_ids` replaces the set; `options` (by names) sets one value per option type, as Spree's `options=`. */
  private async applyOptions(em: EntityManager, variant: Variant, params: VariantParamsDto): Promise<void> {
    if (params.option_value_ids !== undefined) {
      await em.query(`DELETE FROM option_values_variants WHERE variant_id = $1`, [variant.id]);
      const ids = params.option_value_ids ?? [];
      if (ids.length) await em.query(`INSERT INTO option_values_variants (variant_id, option_value_id) SELECT $1, unnest($2::int[])`, [variant.id, ids]);
    }
    if (!params.options?.length || variant.isMaster) return;
    for (const option of params.options) {
      const type = await findOrCreateOptionType(em, option.name);
      const value = await findOrCreateOptionValue(em, type, option.value);
      await em.query(
        `DELETE FROM option_values_variants ovv USING option_values ov
          WHERE ovv.variant_id = $1 AND ov.id = ovv.option_value_id AND ov.option_type_id = $2 AND ov.id <> $3`,
        [variant.id, type.id, value.id],
      );
      await em.query(`INSERT INTO option_values_variants (variant_id, option_value_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [variant.id, value.id]);
      await addProductOptionType(em, variant.productId, type.id);
    }
  }
}
