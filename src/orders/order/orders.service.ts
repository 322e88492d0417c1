import { orderStateHistory, StateChangeJson } from './order-state-history';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityNotFoundError, IsNull } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { mayAccessOrder } from '../../common/auth/order-access.guard';
import { InvalidResourceError, NotFoundError, UnauthorizedError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { randomNumber } from '../../common/numbers/random-number';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { AddressesService, AddressLookups } from '../../geography/addresses/addresses.service';
import { Address } from '../../geography/addresses/entities/address.entity';
import { AddressJson, serializeAddress } from '../../geography/addresses/address.serializer';
import { PaymentsService } from '../../payments/payment/payments.service';
import { OrderContents } from '../line-items/order-contents.service';
import { OrderChanges } from './dto/order-changes';
import { Order } from './entities/order.entity';
import { inCheckout } from './order-states';
import { chooseCurrency } from '../../common/http/request-currency';
import { ADMIN_VIEW, variantViewOf } from '../../catalog/variants/variant.serializer';
import { renderOrders, renderOrderSummaries } from './order-view';
import { newOrderToken } from './order-token';
import { SecretBox } from '../../config/secret-box';
import { OrderJson, OrderSummaryJson } from './order.serializer';
import { isEmail } from '../../common/params/email';
import { registerEventRenderer } from '../../common/events/events';
import { findOrFail } from '../../common/db/find-or-fail';
import { preparedStatement } from '../../common/db/prepared-statement';
import { entityColumns } from '../../common/db/entity-json';

/** Spree's ransackable order attributes (and the associations a back-office filters on). */
export const ORDER_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'o.id', type: 'integer' },
    number: { expression: 'o.number', type: 'string' },
    state: { expression: 'o.state', type: 'string' },
    email: { expression: 'o.email', type: 'string' },
    payment_state: { expression: 'o.payment_state', type: 'string' },
    shipment_state: { expression: 'o.shipment_state', type: 'string' },
    total: { expression: 'o.total', type: 'decimal' },
    item_total: { expression: 'o.item_total', type: 'decimal' },
    user_id: { expression: 'o.user_id', type: 'integer' },
    channel: { expression: 'o.channel', type: 'string' },
    currency: { expression: 'o.currency', type: 'string' },
    created_at: { expression: 'o.created_at', type: 'datetime' },
    updated_at: { expression: 'o.updated_at', type: 'datetime' },
    completed_at: { expression: 'o.completed_at', type: 'datetime' },
    bill_address_firstname: { expression: 'bill.firstname', type: 'string', joins: ['bill'] },
    bill_address_lastname: { expression: 'bill.lastname', type: 'string', joins: ['bill'] },
    ship_address_firstname: { expression: 'ship.firstname', type: 'string', joins: ['ship'] },
    ship_address_lastname: { expression: 'ship.lastname', type: 'string', joins: ['ship'] },
    line_items_variant_id: { expression: 'li.variant_id', type: 'integer', exists: { from: 'line_items li', where: 'li.order_id = o.id' } },
    shipments_number: { expression: 'sh.number', type: 'string', exists: { from: 'shipments sh', where: 'sh.order_id = o.id' } },
  },
  joins: {
    bill: (qb) => qb.leftJoin('addresses', 'bill', 'bill.id = o.bill_address_id'),
    ship: (qb) => qb.leftJoin('addresses', 'ship', 'ship.id = o.ship_address_id'),
  },
  defaultOrder: { 'o.created_at': 'DESC', 'o.id': 'DESC' },
};


/** The order's own columns `apply` may change. */
const ORDER_FIELDS_APPLIED = ['email', 'specialInstructions', 'channel', 'currency', 'userId', 'billAddressId', 'shipAddressId'] as const;
/** The fields `apply` sets (ORDER_FIELDS_APPLIED), written. */
const WRITE_APPLIED = preparedStatement(
  'order-apply-write',
  `UPDATE orders SET email = $2, special_instructions = $3, channel = $4, currency = $5, user_id = $6, bill_address_id = $7, ship_address_id = $8, updated_at = CURRENT_TIMESTAMP
    WHERE id = $1`,
);

/** A cart: its totals, state and channel are the columns' defaults (zero, `cart`, `spree`); nothing when the number is taken. */
const NEW_CART = preparedStatement(
  'order-insert-cart',
  (em) => `INSERT INTO orders AS o (number, user_id, created_by_id, email, token_digest, token_sealed, currency) VALUES ($1, $2, $2, $3, $4, $5, $6)
    ON CONFLICT (number) DO NOTHING RETURNING ${entityColumns(em, Order, 'o')}`,
);

/**
 * Orders: creating carts, reading them, listing them, and `apply` (attributes,
 * addresses, line items), which the order actions (src/order-actions: update,
 * address update, cancel, empty, the checkout) run under the order's row lock.
 */
@Injectable()
export class OrdersService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly contents: OrderContents,
    private readonly addresses: AddressesService,
    private readonly payments: PaymentsService,
  ) {}

  /**
   * Order events carry the order's JSON as an admin's GET /api/orders/:number
   * shows it, without its `token`: a guest's bearer credential is kept sealed
   * at rest and never sent to other systems.
   */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'order', async (em, id) => {
      const [json] = await renderOrders(em, { ids: [id] }, { canUpdate: () => true, paymentMethods: () => this.payments.availableMethods(em), box: this.box, variantView: ADMIN_VIEW });
      const { token: _token, ...withoutToken } = json;
      return withoutToken;
    });
  }

  /**
   * A new, empty cart of the caller (with their e-mail), its totals zero; also the start of an order import. One
   * prepared statement: a number already taken (rare) inserts nothing, and another is drawn.
   */
  async newCart(em: EntityManager, caller: Caller): Promise<Order> {
    for (;;) {
      const { tokenDigest, tokenSealed } = newOrderToken(this.box);
      const [order] = await NEW_CART(em).run<Order>(em, [randomNumber('R', 9), caller.userId, caller.email, tokenDigest, tokenSealed, this.config.currency]);
      if (order) return order;
    }
  }

  /** The order with this number, read without a lock (404 when there is none). */
  async findByNumber(number: string): Promise<Order> {
    const order = await findOrFail(this.dataSource.manager, Order, { number });
    return order;
  }

  /** GET /api/orders/:number/state_changes: the order's state history (order-state-history.ts). 404 for no such order. */
  async stateChanges(number: string, params: ListParams): Promise<Page<StateChangeJson>> {
    const order = await this.findByNumber(number);
    return orderStateHistory(this.dataSource.manager, order.id, params);
  }

  async show(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    const [json] = await renderOrders(this.dataSource.manager, { number }, this.renderOptions(this.dataSource.manager, caller, token));
    if (!json) throw new NotFoundError();
    return json;
  }

  /**
   * Applies attributes, addresses and line items. Changing an address once
   * shipments were proposed sends the checkout back to the address step (the
   * rates and taxes depended on it). The caller recomputes the totals after it
   * (the order action runner, once, after the whole action).
   */
  async apply(em: EntityManager, order: Order, caller: Caller, changes: OrderChanges): Promise<void> {
    const a = changes.attributes;
    // The locked order is the row as it is (callers write what they change), so only the fields changed here need writing.
    const before = ORDER_FIELDS_APPLIED.map((field) => order[field]);
    const touchesContents =
      changes.lineItems !== undefined || changes.billAddress !== undefined || changes.shipAddress !== undefined || changes.useBilling || changes.billAddressId !== undefined || changes.shipAddressId !== undefined;
    if (touchesContents && !inCheckout(order.state) && !(caller.admin && changes.lineItems === undefined)) {
      throw InvalidResourceError.field('base', 'The order is no longer in checkout: its line items and addresses cannot be changed.');
    }
    if (a.email !== undefined) {
      if (a.email !== null && a.email !== '' && !isEmail(a.email)) throw InvalidResourceError.field('email', 'is invalid');
      order.email = a.email === '' ? null : a.email;
    }
    if (a.special_instructions !== undefined) order.specialInstructions = a.special_instructions;
    if (a.channel !== undefined) order.channel = a.channel;
    if (a.currency !== undefined) await this.changeCurrency(em, order, a.currency);
    if (a.user_id !== undefined) {
      const [user] = await em.query(`SELECT id, email FROM users WHERE id = $1`, [a.user_id]);
      if (!user) throw InvalidResourceError.field('user_id', 'does not exist');
      order.userId = user.id;
      if (a.email === undefined) order.email = user.email;
    }

    let addressChanged = false;
    const lookups: AddressLookups = new Map();
    // A saved address (the user's book) by id: the order takes a copy, into its own address row.
    for (const [field, which] of [
      ['bill_address_id', 'billAddressId'],
      ['ship_address_id', 'shipAddressId'],
    ] as const) {
      const savedId = changes[which];
      if (savedId === undefined) continue;
      const [saved] = await em.query(`SELECT id FROM addresses WHERE id = $1 AND user_id = $2`, [savedId, order.userId]);
      if (!saved || order.userId === null || !(caller.admin || caller.userId === order.userId)) throw InvalidResourceError.field(field, "is not an address of the user's address book");
      const existing = order[which] ? await em.findOneBy(Address, { id: order[which]!, userId: IsNull() }) : null;
      order[which] = await this.addresses.copy(em, saved.id, existing);
      addressChanged = true;
    }
    if (changes.billAddress) {
      const existing = order.billAddressId ? await em.findOneBy(Address, { id: order.billAddressId }) : null;
      order.billAddressId = await this.addresses.saveColumns(em, changes.billAddress, existing ?? undefined, 'bill_address.', lookups);
      addressChanged = true;
    }
    if (changes.useBilling && order.billAddressId && changes.shipAddressId === undefined) {
      const existing = order.shipAddressId && order.shipAddressId !== order.billAddressId ? await em.findOneBy(Address, { id: order.shipAddressId }) : null;
      order.shipAddressId = await this.addresses.copy(em, order.billAddressId, existing);
      addressChanged = true;
    } else if (changes.shipAddress) {
      const existing = order.shipAddressId ? await em.findOneBy(Address, { id: order.shipAddressId }) : null;
      order.shipAddressId = await this.addresses.saveColumns(em, changes.shipAddress, existing ?? undefined, 'ship_address.', lookups);
      addressChanged = true;
    }
    const changed = ORDER_FIELDS_APPLIED.filter((field, i) => order[field] !== before[i]);
    // All of them written as the order now holds them (the others as the locked row read them), in one prepared statement.
    if (changed.length > 0) {
      await WRITE_APPLIED(em).run(em, [order.id, order.email, order.specialInstructions, order.channel, order.currency, order.userId, order.billAddressId, order.shipAddressId]);
    }

    if (addressChanged) await this.contents.restartCheckout(em, order);

    try {
      for (const li of changes.lineItems ?? []) {
        if (li.id !== undefined) {
          await this.contents.update(em, order, li.id, { quantity: li.quantity, price: li.price });
        } else {
          await this.contents.add(em, order, li.variant_id!, li.quantity ?? 1, li.price);
        }
      }
    } catch (error) {
      // Name the fields as the client sent them: order[line_items][…][quantity].
      if (error instanceof InvalidResourceError) throw error.renamed((f) => (f === 'base' ? f : `line_items.${f}`));
      throw error;
    }
  }

  /**
   * `order[currency]`: one of SUPPORTED_CURRENCIES (422 on `currency` otherwise). An order's line items, shipping rates,
   * adjustments and payments are all in its currency, so it changes only while it has no line items (Spree's
   * `LineItem#ensure_proper_currency` refuses a line item in another currency than its order's): 422 otherwise.
   */
  private async changeCurrency(em: EntityManager, order: Order, asked: string): Promise<void> {
    const currency = chooseCurrency(asked, this.config.supportedCurrencies);
    if (currency === order.currency) return;
    const [{ has }] = await em.query(`SELECT EXISTS (SELECT 1 FROM line_items WHERE order_id = $1) AS has`, [order.id]);
    if (has || !inCheckout(order.state)) throw InvalidResourceError.field('currency', `cannot be changed on an order with line items (it is ${order.currency})`);
    order.currency = currency;
  }

  /** Spree's `associate_user`: the order becomes the caller's, with their e-mail. */
  async associateUser(em: EntityManager, order: Order, caller: Caller): Promise<void> {
    order.userId = caller.userId;
    order.email = caller.email;
    await em.update(Order, order.id, { userId: order.userId, email: order.email });
  }

  async showAddress(number: string, id: number): Promise<AddressJson> {
    const order = await this.findByNumber(number);
    if (order.billAddressId !== id && order.shipAddressId !== id) throw new UnauthorizedError();
    return serializeAddress(await this.addresses.find(this.dataSource.manager, id));
  }

  async render(em: EntityManager, orderId: number, caller: Caller, token: string | undefined): Promise<OrderJson> {
    const [json] = await renderOrders(em, { ids: [orderId] }, this.renderOptions(em, caller, token));
    if (!json) throw new EntityNotFoundError(Order, { id: orderId });
    return json;
  }

  private renderOptions(em: EntityManager, caller: Caller, token: string | undefined) {
    return { canUpdate: (o: Order) => mayAccessOrder(caller, o, token), paymentMethods: () => this.payments.availableMethods(em), box: this.box, variantView: variantViewOf(caller) };
  }

  async list(params: ListParams): Promise<Page<OrderSummaryJson>> {
    const page = await findPage(this.dataSource.getRepository(Order).createQueryBuilder('o'), ORDER_SEARCH, params);
    return { ...page, items: await renderOrderSummaries(this.dataSource.manager, page.items, this.box) };
  }

  /** The caller's own orders, newest first, in full. */
  async mine(caller: Caller, params: ListParams): Promise<Page<OrderJson>> {
    const qb = this.dataSource.getRepository(Order).createQueryBuilder('o').where('o.user_id = :userId', { userId: caller.userId });
    const page = await findPage(qb, ORDER_SEARCH, params);
    const items = await renderOrders(this.dataSource.manager, { ids: page.items.map((o) => o.id) }, {
      canUpdate: () => true,
      paymentMethods: () => this.payments.availableMethods(this.dataSource.manager),
      box: this.box,
      variantView: variantViewOf(caller),
    });
    return { ...page, items };
  }
}
