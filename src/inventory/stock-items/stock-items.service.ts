import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { registerEventRenderer } from '../../common/events/events';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { StockLocationsService } from '../stock-locations/stock-locations.service';
import { CreateStockItemDto, UpdateStockItemDto } from './dto/stock-item.dto';
import { StockItem } from './entities/stock-item.entity';
import { loadStockItemVariants } from './stock-item-variants';
import { serializeStockItem, VariantLookup } from './stock-item.serializer';
import { StockLedger } from './stock-ledger.service';

/** What `q[...]` may search and sort on. */
export const STOCK_ITEM_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'item.id', type: 'integer' },
    variant_id: { expression: 'item.variant_id', type: 'integer' },
    stock_location_id: { expression: 'item.stock_location_id', type: 'integer' },
    count_on_hand: { expression: 'item.count_on_hand', type: 'integer' },
    backorderable: { expression: 'item.backorderable', type: 'boolean' },
    lock_version: { expression: 'item.lock_version', type: 'integer' },
    created_at: { expression: 'item.created_at', type: 'datetime' },
    updated_at: { expression: 'item.updated_at', type: 'datetime' },
    variant_sku: { expression: 'variant.sku', type: 'string', joins: ['variant'] },
    variant_is_master: { expression: 'variant.is_master', type: 'boolean', joins: ['variant'] },
    variant_product_id: { expression: 'variant.product_id', type: 'integer', joins: ['variant'] },
    variant_product_name: { expression: 'product.name', type: 'string', joins: ['variant', 'product'] },
  },
  joins: {
    variant: (qb) => qb.leftJoin('item.variant', 'variant'),
    product: (qb) => qb.leftJoin('variant.product', 'product'),
  },
  defaultOrder: { 'item.id': 'ASC' },
};

/** Stock items with the small form of their variants, ready to serialize. */
export interface StockItemsWithVariants<T> {
  result: T;
  variants: VariantLookup;
}

@Injectable()
export class StockItemsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: StockLocationsService,
    private readonly ledger: StockLedger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stock item events carry the item's JSON as the stock items API shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'stock_item', async (em, id) => {
      const item = await em.findOneByOrFail(StockItem, { id });
      return serializeStockItem(item, await this.variantsOf([item], em));
    });
  }

  /** The small variant form of the items' variants (for the `variant` node). */
  variantsOf(items: StockItem[], em: EntityManager = this.dataSource.manager): Promise<VariantLookup> {
    return loadStockItemVariants(em, items.map((i) => i.variantId), this.config.currency);
  }

  async list(stockLocationId: number, params: ListParams): Promise<StockItemsWithVariants<Page<StockItem>>> {
    await this.locations.assertExists(stockLocationId);
    const qb = this.dataSource
      .getRepository(StockItem)
      .createQueryBuilder('item')
      .where('item.stock_location_id = :stockLocationId', { stockLocationId })
      .andWhere('item.deleted_at IS NULL');
    const page = await findPage(qb, STOCK_ITEM_SEARCH, params);
    return { result: page, variants: await this.variantsOf(page.items) };
  }

  /** A live (not deleted) stock item at the location, or 404. */
  async find(stockLocationId: number, id: number, em: EntityManager = this.dataSource.manager): Promise<StockItem> {
    await this.locations.assertExists(stockLocationId, em);
    const item = await em
      .getRepository(StockItem)
      .createQueryBuilder('item')
      .where('item.id = :id AND item.stock_location_id = :stockLocationId AND item.deleted_at IS NULL', { id, stockLocationId })
      .getOne();
    if (!item) throw new NotFoundError();
    return item;
  }

  async show(stockLocationId: number, id: number): Promise<StockItemsWithVariants<StockItem>> {
    const item = await this.find(stockLocationId, id);
    return { result: item, variants: await this.variantsOf([item]) };
  }

  /**
   * A stock item for a variant that has none at this location yet; an initial
   * count_on_hand is booked through the ledger (so it has its movement).
   */
  async create(stockLocationId: number, params: CreateStockItemDto): Promise<StockItemsWithVariants<StockItem>> {
    const item = await this.dataSource.transaction(async (em) => {
      await this.locations.assertExists(stockLocationId, em);
      const errors = new FieldErrorCollector();
      const [variant]: Array<{ id: number }> = await em.query(`SELECT id FROM variants WHERE id = $1 AND deleted_at IS NULL`, [params.variant_id]);
      if (!variant) errors.add('variant', "can't be blank");
      else if (await this.liveItemExists(em, stockLocationId, params.variant_id)) errors.add('variant_id', 'has already been taken');
      errors.throwIfAny();

      let id: number;
      try {
        const [row]: Array<{ id: number }> = await em.query(
          `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, 0, $3) RETURNING id`,
          [stockLocationId, params.variant_id, params.backorderable ?? false],
        );
        id = row.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw InvalidResourceError.field('variant_id', 'has already been taken');
        throw error;
      }
      const count = params.count_on_hand ?? 0;
      if (count !== 0) return (await this.ledger.adjust(em, { stockItemId: id, quantity: count })).stockItem;
      return em.findOneByOrFail(StockItem, { id });
    });
    return { result: item, variants: await this.variantsOf([item]) };
  }

  /**
   * Without `force` count_on_hand is added to the stored count (negative
   * subtracts); with `force` it replaces it. The difference is recorded as a
   * stock movement; a stale `lock_version` is refused. One transaction.
   */
  async update(stockLocationId: number, id: number, params: UpdateStockItemDto): Promise<StockItemsWithVariants<StockItem>> {
    const errors = new FieldErrorCollector();
    if (params.count_on_hand === null) errors.add('count_on_hand', 'is not a number');
    if (params.backorderable === null) errors.add('backorderable', "can't be blank");
    errors.throwIfAny();
    const item = await this.dataSource.transaction(async (em) => {
      await this.locations.assertExists(stockLocationId, em);
      const force = params.force === true && params.count_on_hand !== undefined;
      const { stockItem } = await this.ledger.adjust(em, {
        stockItemId: id,
        stockLocationId,
        mode: force ? 'set' : 'add',
        quantity: params.count_on_hand ?? 0,
        expectedLockVersion: params.lock_version ?? undefined,
        backorderable: params.backorderable ?? undefined,
      });
      return stockItem;
    });
    return { result: item, variants: await this.variantsOf([item]) };
  }

  /** Spree soft-deletes stock items (acts_as_paranoid): deleted_at is set, the row and its movements stay. */
  async remove(stockLocationId: number, id: number): Promise<void> {
    await this.locations.assertExists(stockLocationId);
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE stock_items SET deleted_at = now(), updated_at = now()
        WHERE id = $1 AND stock_location_id = $2 AND deleted_at IS NULL RETURNING id`,
      [id, stockLocationId],
    );
    if (rows.length === 0) throw new NotFoundError();
  }

  private async liveItemExists(em: EntityManager, stockLocationId: number, variantId: number): Promise<boolean> {
    const rows = await em.query(`SELECT 1 FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [stockLocationId, variantId]);
    return rows.length > 0;
  }
}
