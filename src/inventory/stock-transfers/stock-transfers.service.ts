import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { unusedNumber } from '../../common/numbers/random-number';
import { INT_MAX } from '../../common/params/fields';
import { StockLedger } from '../stock-items/stock-ledger.service';
import { StockItemsWithVariants } from '../stock-items/stock-items.service';
import { StockLocationsService } from '../stock-locations/stock-locations.service';
import { StockMovement } from '../stock-movements/entities/stock-movement.entity';
import { StockMovementsService } from '../stock-movements/stock-movements.service';
import { CreateStockTransferDto } from './dto/stock-transfer.dto';
import { STOCK_TRANSFER_ORIGINATOR, StockTransfer } from './entities/stock-transfer.entity';
import { planTransfer, TransferLine } from './transfer-plan';

/** What `q[...]` may search and sort on (Spree's ransackable attributes of a stock transfer). */
export const STOCK_TRANSFER_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'transfer.id', type: 'integer' },
    number: { expression: 'transfer.number', type: 'string' },
    reference: { expression: 'transfer.reference', type: 'string' },
    source_location_id: { expression: 'transfer.source_location_id', type: 'integer' },
    destination_location_id: { expression: 'transfer.destination_location_id', type: 'integer' },
    created_at: { expression: 'transfer.created_at', type: 'datetime' },
  },
  defaultOrder: { 'transfer.id': 'DESC' },
};

/** A transfer with what its JSON shows besides its row: its lines, its locations' names and (shown alone) its movements. */
export interface StockTransferView {
  transfer: StockTransfer;
  lines: TransferLine[];
  locationNames: Map<number, string>;
  movements?: StockItemsWithVariants<StockMovement[]>;
}

@Injectable()
export class StockTransfersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: StockLedger,
    private readonly locations: StockLocationsService,
    private readonly movements: StockMovementsService,
  ) {}

  async list(params: ListParams): Promise<{ page: Page<StockTransfer>; views: StockTransferView[] }> {
    const page = await findPage(this.dataSource.getRepository(StockTransfer).createQueryBuilder('transfer'), STOCK_TRANSFER_SEARCH, params);
    const ids = page.items.map((t) => t.id);
    const [lines, locationNames] = await Promise.all([
      this.movements.unitsInByOriginator(STOCK_TRANSFER_ORIGINATOR, ids),
      this.locations.namesOf(page.items.flatMap((t) => [t.sourceLocationId, t.destinationLocationId].filter((id): id is number => id !== null))),
    ]);
    return { page, views: page.items.map((transfer) => ({ transfer, lines: lines.get(transfer.id) ?? [], locationNames })) };
  }

  /** A transfer by its number (Spree's `to_param`), with its lines and movements. */
  async show(number: string, em: EntityManager = this.dataSource.manager): Promise<StockTransferView> {
    const transfer = await em.findOneBy(StockTransfer, { number });
    if (!transfer) throw new NotFoundError();
    const [lines, locationNames, movements] = await Promise.all([
      this.movements.unitsInByOriginator(STOCK_TRANSFER_ORIGINATOR, [transfer.id], em),
      this.locations.namesOf([transfer.sourceLocationId, transfer.destinationLocationId].filter((id): id is number => id !== null), em),
      this.movements.ofOriginator(STOCK_TRANSFER_ORIGINATOR, transfer.id, em),
    ]);
    return { transfer, lines: lines.get(transfer.id) ?? [], locationNames, movements };
  }

  /**
   * Spree's `StockTransfer#transfer` (or `#receive` without a source), in one transaction: the destination's
   * missing stock items are made first, then every item concerned is locked in the order all stock changes
   * follow (location, then variant), the source's counts are checked under that lock, and each line moves
   * out of the source and into the destination through the ledger, the transfer as the movements'
   * originator. Short stock anywhere: 422 and nothing written. Returns the transfer's number.
   */
  async create(params: CreateStockTransferDto, createdById: number | null): Promise<string> {
    const lines = planTransfer(params.transfer_items, INT_MAX);
    const source = params.source_location_id ?? null;
    const destination = params.destination_location_id;
    return this.dataSource.transaction(async (em) => {
      const errors = new FieldErrorCollector();
      if (lines === null) errors.add('transfer_items', 'is out of range: the quantities of one variant add up to too many units');
      if (source !== null && source === destination) errors.add('destination_location_id', 'must differ from the source location');
      const known = await this.locations.namesOf([destination, ...(source !== null ? [source] : [])], em);
      if (source !== null && !known.has(source)) errors.add('source_location_id', 'is not a stock location');
      if (!known.has(destination)) errors.add('destination_location_id', 'is not a stock location');
      const variantIds = (lines ?? []).map((l) => l.variantId);
      const variants: { id: number; sku: string; track_inventory: boolean }[] = await em.query(
        `SELECT id, sku, track_inventory FROM variants WHERE id = ANY($1) AND deleted_at IS NULL`,
        [variantIds],
      );
      const byId = new Map(variants.map((v) => [v.id, v]));
      for (const id of variantIds) if (!byId.has(id)) errors.add('transfer_items', `variant ${id} is not a variant`);
      errors.throwIfAny();

      for (const line of lines!) await this.ledger.findOrCreateItem(em, destination, line.variantId);
      await this.ledger.lockItems(em, source !== null ? [source, destination] : [destination], variantIds);
      if (source !== null) {
        const counts: { variant_id: number; count_on_hand: number }[] = await em.query(
          `SELECT variant_id, count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = ANY($2) AND deleted_at IS NULL`,
          [source, variantIds],
        );
        const onHand = new Map(counts.map((c) => [c.variant_id, c.count_on_hand]));
        for (const line of lines!) {
          const variant = byId.get(line.variantId)!;
          const available = onHand.get(line.variantId) ?? 0;
          // A variant that does not track inventory moves on paper only (its counts stay): nothing to check.
          if (variant.track_inventory && available < line.quantity) {
            errors.add('transfer_items', `${variant.sku || `variant ${variant.id}`}: ${Math.max(available, 0)} on hand at the source location, ${line.quantity} to move`);
          }
        }
        errors.throwIfAny();
      }

      const transfer = await em.save(
        em.create(StockTransfer, {
          number: await unusedNumber(em, 'stock_transfers', 'T', 9),
          reference: params.reference ?? null,
          sourceLocationId: source,
          destinationLocationId: destination,
          createdById,
        }),
      );
      const originator = { originatorType: STOCK_TRANSFER_ORIGINATOR, originatorId: transfer.id };
      for (const line of lines!) {
        if (source !== null) await this.ledger.moveVariant(em, { stockLocationId: source, variantId: line.variantId, quantity: -line.quantity, ...originator });
        await this.ledger.moveVariant(em, { stockLocationId: destination, variantId: line.variantId, quantity: line.quantity, ...originator });
      }
      return transfer.number;
    });
  }
}
