import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal, moneyString, roundMoney } from '../../common/money/money';
import { unusedNumber } from '../../common/numbers/random-number';
import { raiseEvent, registerEventRenderer } from '../../common/events/events';
import { serializeReturnAuthorization } from './return-authorization.serializer';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { attachToReturn, detachFromReturn, releaseReturn, returnUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { addOrderAdjustment } from '../../orders/adjustments/adjustment-writes';
import { Order } from '../../orders/order/entities/order.entity';
import { loadReturnFacts } from '../../orders/order/order-facts';
import { moveOrderState } from '../../orders/order/order-moves';
import { orderTransition } from '../../orders/order/order-states';
import { OrderUpdater } from '../../orders/order/order-updater.service';
import { OrdersService } from '../../orders/order/orders.service';
import { AddReturnUnitsDto, ReturnAuthorizationParamsDto } from './dto/return-authorization.dto';
import { ReturnAuthorization } from './entities/return-authorization.entity';
import { isOpen, ReturnAuthorizationEvent, returnAuthorizationTransition } from './return-authorization-states';
import { findOrFail } from '../../common/db/find-or-fail';

/** Spree whitelists `reason` for search; the other columns are open to admins for sorting and filtering. */
export const RETURN_AUTHORIZATION_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'ra.id', type: 'integer' },
    number: { expression: 'ra.number', type: 'string' },
    state: { expression: 'ra.state', type: 'string' },
    amount: { expression: 'ra.amount', type: 'decimal' },
    reason: { expression: 'ra.reason', type: 'string' },
    stock_location_id: { expression: 'ra.stock_location_id', type: 'integer' },
    created_at: { expression: 'ra.created_at', type: 'datetime' },
    updated_at: { expression: 'ra.updated_at', type: 'datetime' },
  },
  defaultOrder: { 'ra.id': 'ASC' },
};

/** Spree's `Spree.t(:rma_credit)`: the label of the order adjustment a received authorization leaves. */
export const RMA_CREDIT_LABEL = 'RMA Credit';
const SOURCE_TYPE = 'Spree::ReturnAuthorization';
const NUMBER_FORMAT = /^RMA\d{9}$/;
const MAX_AMOUNT = new Decimal('99999999.99');

interface ReturnableUnit {
  id: number;
  variant_id: number;
  return_authorization_id: number | null;
}

/** state_machine's message when an event cannot fire (Spree answers it as an invalid resource). */
const cannotTransition = (event: ReturnAuthorizationEvent) => InvalidResourceError.field('state', `cannot transition via "${event}"`);

/**
 * Return authorizations of an order (Spree 2.2 `ReturnAuthorization`).
 * Every change runs in one transaction holding the order's row lock
 * (`OrdersService.change`), so the amount rule, the units and the order's
 * state never see a concurrent change on the same order.
 */
@Injectable()
export class ReturnAuthorizationsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly updater: OrderUpdater,
    private readonly ledger: StockLedger,
  ) {}

  /** Return authorization events carry its JSON as the return authorizations API shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'return_authorization', async (em, id) => serializeReturnAuthorization(await em.findOneByOrFail(ReturnAuthorization, { id })));
  }

  async list(orderNumber: string, params: ListParams): Promise<Page<ReturnAuthorization>> {
    const orderId = await this.orderId(orderNumber);
    const qb = this.dataSource.getRepository(ReturnAuthorization).createQueryBuilder('ra').where('ra.order_id = :orderId', { orderId });
    return findPage(qb, RETURN_AUTHORIZATION_SEARCH, params);
  }

  async show(orderNumber: string, id: number): Promise<ReturnAuthorization> {
    return findOrFail(this.dataSource.manager, ReturnAuthorization, { id, orderId: await this.orderId(orderNumber) });
  }

  /** Needs shipped units on the order; the amount is checked against what was paid. */
  async create(orderNumber: string, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    return this.orders.change(orderNumber, async (em, order) => {
      const errors = new FieldErrorCollector();
      await this.checkShippedUnits(em, order, errors);
      const amount = await this.readAmount(em, order, params.amount === undefined ? '0' : params.amount, null, errors);
      const stockLocationId = await this.readStockLocation(em, params.stock_location_id, errors);
      const number = await this.readNumber(em, params.number, null, errors);
      errors.throwIfAny();
      const ra = em.create(ReturnAuthorization, {
        number: number ?? (await unusedNumber(em, 'return_authorizations', 'RMA', 9)),
        state: 'authorized',
        amount: moneyString(amount!),
        reason: params.reason ?? null,
        orderId: order.id,
        stockLocationId: stockLocationId ?? null,
      });
      const saved = await this.saveNumbered(em, ra);
      raiseEvent(em, 'return_authorization.authorized', { resource: 'return_authorization', id: saved.id });
      return saved;
    });
  }

  /** Only while authorized (Spree allows it later too, which would leave a received credit out of step). */
  async update(orderNumber: string, id: number, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    return this.orders.change(orderNumber, async (em, order) => {
      const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
      if (!isOpen(ra.state)) throw InvalidResourceError.field('state', `cannot be changed once ${ra.state}`);
      const errors = new FieldErrorCollector();
      await this.checkShippedUnits(em, order, errors);
      const amount = params.amount === undefined ? undefined : await this.readAmount(em, order, params.amount, ra.id, errors);
      const stockLocationId = await this.readStockLocation(em, params.stock_location_id, errors);
      const number = await this.readNumber(em, params.number, ra.id, errors);
      errors.throwIfAny();
      if (amount) ra.amount = moneyString(amount);
      if (params.reason !== undefined) ra.reason = params.reason;
      if (stockLocationId !== undefined) ra.stockLocationId = stockLocationId;
      if (number) ra.number = number;
      return this.saveNumbered(em, ra);
    });
  }

  /** Only while authorized; its units are released (Spree's `dependent: :nullify`). */
  async remove(orderNumber: string, id: number): Promise<void> {
    await this.orders.change(orderNumber, async (em, order) => {
      const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
      if (!isOpen(ra.state)) throw InvalidResourceError.field('state', `cannot be deleted once ${ra.state}`);
      await releaseReturn(em, ra.id);
      await em.delete(ReturnAuthorization, { id: ra.id });
    });
  }

  /**
   * Spree's `add_variant`: makes the authorization hold `quantity` shipped
   * units of the variant, attaching units no other authorization holds or
   * detaching the surplus. The first units move the order to awaiting_return.
   * Unlike Spree, asking for more units than can be returned is a 422 (Spree
   * silently attaches what it finds).
   */
  async addUnits(orderNumber: string, id: number, params: AddReturnUnitsDto, caller: Caller): Promise<ReturnAuthorization> {
    return this.orders.change(orderNumber, async (em, order) => {
      const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
      if (!isOpen(ra.state)) throw InvalidResourceError.field('state', `cannot be changed once ${ra.state}`);
      const units = await this.returnableUnits(em, order.id);
      if (units.length === 0) throw InvalidResourceError.field('order', 'has no shipped units');

      const ofVariant = units.filter((u) => u.variant_id === params.variant_id);
      if (ofVariant.length === 0) throw InvalidResourceError.field('variant_id', 'is not among the shipped units of this order');
      const held = ofVariant.filter((u) => u.return_authorization_id === ra.id);
      const free = ofVariant.filter((u) => u.return_authorization_id === null);
      if (params.quantity > held.length + free.length) {
        throw InvalidResourceError.field('quantity', `must be less than or equal to ${held.length + free.length} (the shipped units of this variant not held by another return authorization)`);
      }
      if (params.quantity > held.length) {
        await attachToReturn(em, free.slice(0, params.quantity - held.length).map((u) => u.id), ra.id);
      } else if (params.quantity < held.length) {
        await detachFromReturn(em, held.slice(params.quantity).map((u) => u.id));
      }

      const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM inventory_units WHERE return_authorization_id = $1`, [ra.id]);
      if (n > 0 && order.state !== 'awaiting_return') {
        const authorize = orderTransition(order.state, 'authorize_return');
        if (!authorize) throw InvalidResourceError.field('order', `cannot await a return while ${order.state}`);
        await moveOrderState(em, order, authorize, caller.userId);
      }
      // The authorization changed (its units), even if none of its columns did.
      await em.query(`UPDATE return_authorizations SET updated_at = now() WHERE id = $1`, [ra.id]);
      return findOrFail(em, ReturnAuthorization, { id: ra.id, orderId: order.id });
    });
  }

  /**
   * Spree's `receive` and `process_return`, in one transaction: each unit is
   * returned and goes back to stock (at the authorization's stock location,
   * else where it shipped from) with a stock movement; the order gets a
   * credit adjustment of −amount and its totals are recomputed (a paid order
   * then owes credit); it becomes `returned` when no other authorization of
   * it is still awaited.
   */
  async receive(orderNumber: string, id: number, caller: Caller): Promise<ReturnAuthorization> {
    return this.orders.change(orderNumber, async (em, order) => {
      const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
      const next = returnAuthorizationTransition(ra.state, 'receive');
      const units: Array<{ id: number; variant_id: number; state: string; stock_location_id: number }> = await em.query(
        `SELECT iu.id, iu.variant_id, iu.state, COALESCE($2::int, s.stock_location_id) AS stock_location_id
           FROM inventory_units iu JOIN shipments s ON s.id = iu.shipment_id
          WHERE iu.return_authorization_id = $1 ORDER BY iu.id FOR UPDATE OF iu`,
        [ra.id, ra.stockLocationId],
      );
      // Spree's allow_receive?: nothing to receive without units.
      if (!next || units.length === 0) throw cannotTransition('receive');
      // 422 unless each unit may return (shipped), as the units' state table says.
      await returnUnits(em, units.map((u) => u.id));
      // One movement per location and variant, in a fixed order so concurrent returns lock stock rows alike.
      const restock = new Map<string, { stockLocationId: number; variantId: number; quantity: number }>();
      for (const u of units) {
        const key = `${u.stock_location_id}:${u.variant_id}`;
        const entry = restock.get(key) ?? { stockLocationId: u.stock_location_id, variantId: u.variant_id, quantity: 0 };
        entry.quantity += 1;
        restock.set(key, entry);
      }
      const moves = [...restock.values()].sort((a, b) => a.stockLocationId - b.stockLocationId || a.variantId - b.variantId);
      for (const m of moves) {
        await this.ledger.moveVariant(em, { ...m, originatorType: SOURCE_TYPE, originatorId: ra.id });
      }

      await addOrderAdjustment(em, {
        orderId: order.id,
        sourceType: SOURCE_TYPE,
        sourceId: ra.id,
        amount: moneyString(decimal(ra.amount).abs().negated()),
        label: RMA_CREDIT_LABEL,
        state: 'closed',
      });
      ra.state = next;
      await em.save(ra);
      raiseEvent(em, 'return_authorization.received', { resource: 'return_authorization', id: ra.id });

      const returned = orderTransition(order.state, 'return', await loadReturnFacts(em, order.id));
      if (returned) await moveOrderState(em, order, returned, caller.userId);
      await this.updater.update(em, order.id);
      return findOrFail(em, ReturnAuthorization, { id: ra.id, orderId: order.id });
    });
  }

  /** Spree's `cancel`: the authorization ends; its units stay on it and the order keeps its state, as in Spree. */
  async cancel(orderNumber: string, id: number): Promise<ReturnAuthorization> {
    return this.orders.change(orderNumber, async (em, order) => {
      const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
      const next = returnAuthorizationTransition(ra.state, 'cancel');
      if (!next) throw cannotTransition('cancel');
      ra.state = next;
      await em.save(ra);
      raiseEvent(em, 'return_authorization.canceled', { resource: 'return_authorization', id: ra.id });
      return findOrFail(em, ReturnAuthorization, { id: ra.id, orderId: order.id });
    });
  }

  private async orderId(number: string): Promise<number> {
    return (await this.orders.findByNumber(number)).id;
  }

  /** Units of the order's shipped shipments that are still out there (Spree's `returnable_inventory`). */
  private returnableUnits(em: EntityManager, orderId: number): Promise<ReturnableUnit[]> {
    return em.query(
      `SELECT iu.id, iu.variant_id, iu.return_authorization_id
         FROM inventory_units iu JOIN shipments s ON s.id = iu.shipment_id
        WHERE iu.order_id = $1 AND s.state = 'shipped' AND iu.state = 'shipped'
        ORDER BY iu.id FOR UPDATE OF iu`,
      [orderId],
    );
  }

  /** Spree's `must_have_shipped_units`. */
  private async checkShippedUnits(em: EntityManager, order: Order, errors: FieldErrorCollector): Promise<void> {
    const [shipped] = await em.query(`SELECT 1 FROM shipments WHERE order_id = $1 AND state = 'shipped' LIMIT 1`, [order.id]);
    if (!shipped) errors.add('order', 'has no shipped units');
  }

  /**
   * Spree's numericality and `force_positive_amount`, rounded to cents, plus
   * our rule: no more than what was paid on the order, less the amounts of
   * its other authorizations that are not canceled.
   */
  private async readAmount(em: EntityManager, order: Order, value: string | null, exceptId: number | null, errors: FieldErrorCollector): Promise<Decimal | undefined> {
    if (value === null) {
      errors.add('amount', 'is not a number');
      return undefined;
    }
    const amount = roundMoney(decimal(value).abs());
    const [{ authorized }] = await em.query(
      `SELECT COALESCE(sum(amount), 0) AS authorized FROM return_authorizations WHERE order_id = $1 AND state <> 'canceled' AND ($2::int IS NULL OR id <> $2)`,
      [order.id, exceptId],
    );
    const available = Decimal.max(0, decimal(order.paymentTotal).minus(decimal(authorized)));
    if (amount.greaterThan(available) || amount.greaterThan(MAX_AMOUNT)) {
      errors.add('amount', `must be less than or equal to ${moneyString(available)} (what was paid on the order less its other return authorizations)`);
      return undefined;
    }
    return amount;
  }

  /** undefined: not sent; null: sent empty (back to each unit's own location). */
  private async readStockLocation(em: EntityManager, id: number | null | undefined, errors: FieldErrorCollector): Promise<number | null | undefined> {
    if (id === undefined || id === null) return id;
    const [found] = await em.query(`SELECT 1 FROM stock_locations WHERE id = $1`, [id]);
    if (!found) errors.add('stock_location_id', 'does not exist');
    return id;
  }

  private async readNumber(em: EntityManager, number: string | null | undefined, exceptId: number | null, errors: FieldErrorCollector): Promise<string | undefined> {
    if (number === undefined || number === null) return undefined;
    if (!NUMBER_FORMAT.test(number)) {
      errors.add('number', 'is invalid (RMA followed by 9 digits)');
      return undefined;
    }
    const [taken] = await em.query(`SELECT 1 FROM return_authorizations WHERE number = $1 AND ($2::int IS NULL OR id <> $2)`, [number, exceptId]);
    if (taken) errors.add('number', 'has already been taken');
    return number;
  }

  /** A concurrent insert of the same number loses to the unique index: a 422, not a 500. */
  private async saveNumbered(em: EntityManager, ra: ReturnAuthorization): Promise<ReturnAuthorization> {
    try {
      return await em.save(ra);
    } catch (error) {
      if (isUniqueViolation(error)) throw InvalidResourceError.field('number', 'has already been taken');
      throw error;
    }
  }
}
