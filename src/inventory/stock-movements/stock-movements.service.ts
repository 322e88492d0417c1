import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { StockItemsService, StockItemsWithVariants } from '../stock-items/stock-items.service';
import { StockLedger } from '../stock-items/stock-ledger.service';
import { StockLocationsService } from '../stock-locations/stock-locations.service';
import { CreateStockMovementDto } from './dto/stock-movement.dto';
import { StockMovement } from './entities/stock-movement.entity';

/** What `q[...]` may search and sort on. */
export const STOCK_MOVEMENT_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'movement.id', type: 'integer' },
    quantity: { expression: 'movement.quantity', type: 'integer' },
    action: { expression: 'movement.action', type: 'string' },
    stock_item_id: { expression: 'movement.stock_item_id', type: 'integer' },
    originator_type: { expression: 'movement.originator_type', type: 'string' },
    originator_id: { expression: 'movement.originator_id', type: 'integer' },
    created_at: { expression: 'movement.created_at', type: 'datetime' },
    stock_item_variant_id: { expression: 'stock_item.variant_id', type: 'integer' },
  },
  defaultOrder: { 'movement.id': 'ASC' },
};

@Injectable()
export class StockMovementsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: StockLocationsService,
    private readonly items: StockItemsService,
    private readonly ledger: StockLedger,
  ) {}

  /** Movements of the location's live stock items (Spree: `has_many :stock_movements, through: :stock_items`). */
  private scope(stockLocationId: number) {
    return this.dataSource
      .getRepository(StockMovement)
      .createQueryBuilder('movement')
      .innerJoinAndSelect('movement.stockItem', 'stock_item')
      .where('stock_item.stock_location_id = :stockLocationId AND stock_item.deleted_at IS NULL', { stockLocationId });
  }

  async list(stockLocationId: number, params: ListParams): Promise<StockItemsWithVariants<Page<StockMovement>>> {
    await this.locations.assertExists(stockLocationId);
    const page = await findPage(this.scope(stockLocationId), STOCK_MOVEMENT_SEARCH, params);
    return { result: page, variants: await this.items.variantsOf(page.items.map((m) => m.stockItem!)) };
  }

  async show(stockLocationId: number, id: number): Promise<StockItemsWithVariants<StockMovement>> {
    await this.locations.assertExists(stockLocationId);
    const movement = await this.scope(stockLocationId).andWhere('movement.id = :id', { id }).getOne();
    if (!movement) throw new NotFoundError();
    return { result: movement, variants: await this.items.variantsOf([movement.stockItem!]) };
  }

  /** The movements an originator made (e.g. a stock transfer's), oldest first, at whichever location. */
  async ofOriginator(originatorType: string, originatorId: number, em: EntityManager = this.dataSource.manager): Promise<StockItemsWithVariants<StockMovement[]>> {
    const movements = await em
      .getRepository(StockMovement)
      .createQueryBuilder('movement')
      .innerJoinAndSelect('movement.stockItem', 'stock_item')
      .where('movement.originator_type = :originatorType AND movement.originator_id = :originatorId', { originatorType, originatorId })
      .orderBy('movement.id', 'ASC')
      .getMany();
    return { result: movements, variants: await this.items.variantsOf(movements.map((m) => m.stockItem!), em) };
  }

  /**
   * The units these originators brought in (their positive movements), per originator and variant, in one
   * statement: a stock transfer's lines are what arrived at its destination.
   */
  async unitsInByOriginator(originatorType: string, originatorIds: number[], em: EntityManager = this.dataSource.manager): Promise<Map<number, { variantId: number; quantity: number }[]>> {
    const rows: { originator_id: number; variant_id: number; quantity: number }[] = originatorIds.length
      ? await em.query(
          `SELECT m.originator_id, si.variant_id, sum(m.quantity)::int AS quantity
             FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id
            WHERE m.originator_type = $1 AND m.originator_id = ANY($2) AND m.quantity > 0
            GROUP BY m.originator_id, si.variant_id ORDER BY m.originator_id, si.variant_id`,
          [originatorType, originatorIds],
        )
      : [];
    const byOriginator = new Map<number, { variantId: number; quantity: number }[]>(originatorIds.map((id) => [id, []]));
    for (const row of rows) byOriginator.get(row.originator_id)?.push({ variantId: row.variant_id, quantity: row.quantity });
    return byOriginator;
  }

  /**
   * Records a movement and adjusts its stock item's count by the quantity
   * (when the variant tracks inventory), in one transaction, through the ledger.
   */
  async create(stockLocationId: number, params: CreateStockMovementDto): Promise<StockItemsWithVariants<StockMovement>> {
    const movementId = await this.dataSource.transaction(async (em) => {
      await this.locations.assertExists(stockLocationId, em);
      try {
        const { movement } = await this.ledger.adjust(em, {
          stockItemId: params.stock_item_id,
          stockLocationId,
          quantity: params.quantity ?? 0,
          action: params.action ?? null,
          onlyWhenTracked: true,
          alwaysRecord: true,
          field: 'quantity',
        });
        return movement!.id;
      } catch (error) {
        // A stock item that is not at this location is an invalid reference, not a missing page.
        if (error instanceof NotFoundError) throw InvalidResourceError.field('stock_item', "can't be blank");
        throw error;
      }
    });
    return this.show(stockLocationId, movementId);
  }
}
