import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
