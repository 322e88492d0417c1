import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal, decimalPlacesProblem, moneyIn, roundMoney } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { unusedNumber } from '../../common/numbers/random-number';
import { raiseEvent, registerEventRenderer } from '../../common/events/events';
import { serializeReturnAuthorization } from './return-authorization.serializer';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { attachToReturn, detachFromReturn, releaseReturn, returnUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { NotFoundError } from '../../common/errors/api-errors';
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
export const RETURN_SOURCE_TYPE = 'Spree::ReturnAuthorization';
const SOURCE_TYPE = RETURN_SOURCE_TYPE;
const NUMBER_FORMAT = /^RMA\d{9}$/;
const MAX_AMOUNT = new Decimal('99999999.99');

interface ReturnableUnit {
  id: number;
  variant_id: number;
  return_authorization_id: number | null;
}

/** state_machine's message when an event cannot fire (Spree answers it as an invalid resource). */
/** What a return authorization's writes read of its order (which the caller, an order action, holds locked). */
export interface ReturnOrder {
  id: number;
  paymentTotal: string;
  /** The order's currency: the credit has its decimals. */
  currency: string;
}

const cannotTransition = (event: ReturnAuthorizationEvent) => InvalidResourceError.field('state', `cannot transition via "${event}"`);

/**
 * Return authorizations of an order (Spree 2.2 `ReturnAuthorization`).
 * Every change runs in one transaction holding the order's row lock
 * (`OrderActionRunner.run`, the return actions), so the amount rule, the units and the order's
 * state never see a concurrent change on the same order.
 */
/**
 * Return authorizations of orders (admin): their reads and the writes of
 * their table and their units. Each write runs inside an order action
 * (src/order-actions/returns), which holds the order's row lock and does the
 * order's part (its state, the credit, its totals).
 */
/**
 * An amount with more decimals than the order's currency has is refused alone, before the other checks, as a value
 * the field cannot take (the field takes the columns' 3 places, for KWD orders).
 */
function refuseExtraPlaces(order: ReturnOrder, amount: string | null | undefined): void {
  const precision = amount === null || amount === undefined ? undefined : decimalPlacesProblem(amount, currencyMinorUnits(order.currency));
  if (precision) throw InvalidResourceError.field('amount', precision);
}

@Injectable()
export class ReturnAuthorizationsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
  async create(em: EntityManager, order: ReturnOrder, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    refuseExtraPlaces(order, params.amount);
    const errors = new FieldErrorCollector();
    await this.checkShippedUnits(em, order, errors);
    const amount = await this.readAmount(em, order, params.amount === undefined ? '0' : params.amount, null, errors);
    const stockLocationId = await this.readStockLocation(em, params.stock_location_id, errors);
    const number = await this.readNumber(em, params.number, null, errors);
    errors.throwIfAny();
    const ra = em.create(ReturnAuthorization, {
      number: number ?? (await unusedNumber(em, 'return_authorizations', 'RMA', 9)),
      state: 'authorized',
      amount: moneyIn(amount!, order.currency),
      reason: params.reason ?? null,
      orderId: order.id,
      stockLocationId: stockLocationId ?? null,
    });
    const saved = await this.saveNumbered(em, ra);
    raiseEvent(em, 'return_authorization.authorized', { resource: 'return_authorization', id: saved.id });
    return saved;
  }

  /** Only while authorized (Spree allows it later too, which would leave a received credit out of step). */
  async update(em: EntityManager, order: ReturnOrder, id: number, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
    if (!isOpen(ra.state)) throw InvalidResourceError.field('state', `cannot be changed once ${ra.state}`);
    refuseExtraPlaces(order, params.amount);
    const errors = new FieldErrorCollector();
    await this.checkShippedUnits(em, order, errors);
    const amount = params.amount === undefined ? undefined : await this.readAmount(em, order, params.amount, ra.id, errors);
    const stockLocationId = await this.readStockLocation(em, params.stock_location_id, errors);
    const number = await this.readNumber(em, params.number, ra.id, errors);
    errors.throwIfAny();
    if (amount) ra.amount = moneyIn(amount, order.currency);
    if (params.reason !== undefined) ra.reason = params.reason;
    if (stockLocationId !== undefined) ra.stockLocationId = stockLocationId;
    if (number) ra.number = number;
    return this.saveNumbered(em, ra);
  }

  /** Only while authorized; its units are released (Spree's `dependent: :nullify`). */
  async remove(em: EntityManager, order: ReturnOrder, id: number): Promise<void> {
    const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
    if (!isOpen(ra.state)) throw InvalidResourceError.field('state', `cannot be deleted once ${ra.state}`);
    await releaseReturn(em, ra.id);
    await em.delete(ReturnAuthorization, { id: ra.id });
  }

  /**
   * Spree's `add_variant`: makes the authorization hold `quantity` shipped
   * units of the variant, attaching units no other authorization holds or
   * detaching the surplus. Unlike Spree, asking for more units than can be
   * returned is a 422 (Spree silently attaches what it finds). Answers
   * whether it now holds units (the order then awaits a return).
   */
  async setUnits(em: EntityManager, order: ReturnOrder, id: number, params: AddReturnUnitsDto): Promise<{ ra: ReturnAuthorization; holdsUnits: boolean }> {
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
    return { ra, holdsUnits: n > 0 };
  }

  /** The authorization changed (its units), even if none of its columns did: its `updated_at` moves, and it is read again. */
  async touch(em: EntityManager, order: ReturnOrder, ra: ReturnAuthorization): Promise<ReturnAuthorization> {
    await em.query(`UPDATE return_authorizations SET updated_at = now() WHERE id = $1`, [ra.id]);
    return findOrFail(em, ReturnAuthorization, { id: ra.id, orderId: order.id });
  }

  /**
   * Spree's `receive`: each unit is returned and goes back to stock (at the
   * authorization's stock location, else where it shipped from) with a stock
   * movement; the authorization is received. (The order's part, its credit
   * and state, is the receive action's.)
   */
  async receive(em: EntityManager, order: ReturnOrder, id: number): Promise<ReturnAuthorization> {
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

    ra.state = next;
    await em.save(ra);
    raiseEvent(em, 'return_authorization.received', { resource: 'return_authorization', id: ra.id });
    return ra;
  }

  /** Spree's `cancel`: the authorization ends; its units stay on it and the order keeps its state, as in Spree. */
  async cancel(em: EntityManager, order: ReturnOrder, id: number): Promise<ReturnAuthorization> {
    const ra = await findOrFail(em, ReturnAuthorization, { id, orderId: order.id }, { lock: true });
    const next = returnAuthorizationTransition(ra.state, 'cancel');
    if (!next) throw cannotTransition('cancel');
    ra.state = next;
    await em.save(ra);
    raiseEvent(em, 'return_authorization.canceled', { resource: 'return_authorization', id: ra.id });
    return findOrFail(em, ReturnAuthorization, { id: ra.id, orderId: order.id });
  }

  private async orderId(number: string): Promise<number> {
    const [order] = await this.dataSource.query(`SELECT id FROM orders WHERE number = $1`, [number]);
    if (!order) throw new NotFoundError();
    return order.id;
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
  private async checkShippedUnits(em: EntityManager, order: ReturnOrder, errors: FieldErrorCollector): Promise<void> {
    const [shipped] = await em.query(`SELECT 1 FROM shipments WHERE order_id = $1 AND state = 'shipped' LIMIT 1`, [order.id]);
    if (!shipped) errors.add('order', 'has no shipped units');
  }

  /**
   * Spree's numericality and `force_positive_amount`, rounded to cents, plus
   * our rule: no more than what was paid on the order, less the amounts of
   * its other authorizations that are not canceled.
   */
  private async readAmount(em: EntityManager, order: ReturnOrder, value: string | null, exceptId: number | null, errors: FieldErrorCollector): Promise<Decimal | undefined> {
    if (value === null) {
      errors.add('amount', 'is not a number');
      return undefined;
    }
    // In the order's currency: more decimal places than it has (a JPY amount with decimals) is a 422, never rounded.
    const places = currencyMinorUnits(order.currency);
    const precision = decimalPlacesProblem(value, places);
    if (precision) {
      errors.add('amount', precision);
      return undefined;
    }
    const amount = roundMoney(decimal(value).abs(), places);
    const [{ authorized }] = await em.query(
      `SELECT COALESCE(sum(amount), 0) AS authorized FROM return_authorizations WHERE order_id = $1 AND state <> 'canceled' AND ($2::int IS NULL OR id <> $2)`,
      [order.id, exceptId],
    );
    const available = Decimal.max(0, decimal(order.paymentTotal).minus(decimal(authorized)));
    if (amount.greaterThan(available) || amount.greaterThan(MAX_AMOUNT)) {
      errors.add('amount', `must be less than or equal to ${moneyIn(available, order.currency)} (what was paid on the order less its other return authorizations)`);
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
