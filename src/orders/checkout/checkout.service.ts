import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { ApiError, ErrorText, FieldErrors, InvalidResourceError } from '../../common/errors/api-errors';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { PaymentsService } from '../../payments/payment/payments.service';
import { OrderChanges } from '../order/dto/order-changes';
import { Order } from '../order/entities/order.entity';
import { OrderInChange, OrderUpdater } from '../order/order-updater.service';
import { moveOrderState } from '../order/order-moves';
import { shipmentStock } from '../../inventory/inventory-units/shipment-stock';
import { markUnitsTaken } from '../../inventory/inventory-units/inventory-unit-writes';
import { checkoutFacts, loadCheckoutFacts } from '../order/order-facts';
import { OrderJson } from '../order/order.serializer';
import { OrdersService } from '../order/orders.service';
import { inCheckout, nextState, orderTransition, requiresEmail, rewind } from '../order/order-states';
import { isEmail } from '../../common/params/email';
import { findLostCoupon, lockOrderPromotions } from '../../promotions/promotion/order-promotions';
import { CouponCodeRefused, CouponCodesService, lostCouponText } from '../../promotions/promotion/coupon-codes.service';


/** 422 "The order could not be transitioned…" with what stood in the way. */
export class CouldNotTransitionError extends InvalidResourceError {
  constructor(errors: FieldErrors) {
    super(errors, ErrorText.couldNotTransition);
  }
}

/**
 * The stepwise checkout: `next` moves an order one step along the order
 * state table (`order-states.ts`), running each step's checks and work (shipments at
 * delivery, stock and payments at complete). A step that fails throws, and
 * the request's transaction leaves the order exactly as it was.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly orders: OrdersService,
    private readonly updater: OrderUpdater,
    private readonly shipments: ShipmentsService,
    private readonly payments: PaymentsService,
    private readonly ledger: StockLedger,
    private readonly coupons: CouponCodesService,
  ) {}

  async next(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    return this.orders.change(number, async (em, order) => {
      await this.transition(em, this.updater.track(em, order, { totalsFresh: false, asRow: true }), caller); // as just read with its lock
      return this.orders.render(em, order.id, caller, token);
    });
  }

  /** Spree's `advance`: as many steps as the order allows short of completing it; stops quietly at the first that cannot be taken. */
  async advance(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    return this.orders.change(number, async (em, order) => {
      // Never into complete: paying is the shopper's explicit last step.
      while (inCheckout(order.state) && nextState(order.state, await loadCheckoutFacts(em, order)) !== 'complete') {
        try {
          // Each step is a nested transaction (a savepoint TypeORM keeps count of, so the events a step that cannot be
          // taken raised are dropped with it); it starts from the row (a step rolled back leaves the loaded order
          // behind) and recomputes.
          await em.transaction((step) => this.transition(step, this.updater.track(step, order, { totalsFresh: false, asRow: false }), caller));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          break;
        }
      }
      return this.orders.render(em, order.id, caller, token);
    });
  }

  /**
   * PUT /api/checkouts/:number: apply what was sent for the current step
   * (addresses, shipping rate choices, a payment), then move one step on.
   * A completed order is returned as it is.
   */
  async update(number: string, caller: Caller, token: string | undefined, changes: OrderChanges): Promise<OrderJson> {
    return this.orders.change(number, async (em, order) => {
      // A guest order checked out by a signed-in shopper (who holds its token) becomes theirs (not an admin's when staff edit it).
      if (caller.userId !== null && !caller.admin && order.userId === null) await this.orders.associateUser(em, order, caller);
      if (changes.rewindTo !== undefined && changes.rewindTo !== order.state) {
        const back = rewind(order.state, changes.rewindTo, await loadCheckoutFacts(em, order));
        if (!back) throw InvalidResourceError.field('state', 'is not an earlier checkout step');
        await moveOrderState(em, order, back, caller.userId);
      }
      // The totals are recomputed once the changes are in, just before something reads them (not after each change).
      await this.orders.apply(em, order, caller, changes, { recompute: false });
      // The locked order is as its row is; its totals are left to `tracked.totals()`.
      const tracked = this.updater.track(em, order, { totalsFresh: false, asRow: true });
      if (changes.couponCode !== undefined) {
        await tracked.totals();
        // The coupon's service reads and updates the order itself.
        tracked.rowWrittenElsewhere();
        try {
          await this.coupons.applyTo(em, await em.findOneByOrFail(Order, { id: order.id }), changes.couponCode);
        } catch (error) {
          // Spree answers its `could_not_apply_coupon` view ({error}); ours also names the field, and keeps nothing.
          if (error instanceof CouponCodeRefused) throw new InvalidResourceError({ coupon_code: [error.body.error] }, error.body.error);
          throw error;
        }
      }

      if (changes.shipments?.length) {
        for (const choice of changes.shipments) await this.shipments.selectRate(em, order.id, choice.id, choice.selected_shipping_rate_id);
        tracked.changed(); // the shipping costs
      }
      if (changes.payment || changes.existingCardId !== undefined) {
        if (order.state !== 'payment') throw InvalidResourceError.field('payments', 'can only be added at the payment step');
        // The payment is for the whole total, as just recomputed. A new payment is in checkout for that total: the totals stay as they are.
        await tracked.totals();
        await this.payments.createCheckoutPayment(em, await tracked.row(), {
          paymentMethodId: changes.payment?.paymentMethodId ?? 0,
          source: changes.payment?.source,
          existingCardId: changes.existingCardId,
        });
      }
      if (order.state === 'address') {
        // Leaving address proposes the shipments, then recomputes the totals; nothing on the way reads them.
        await this.transition(em, tracked, caller);
      } else {
        await tracked.totals();
        if (inCheckout(order.state)) await this.transition(em, tracked, caller);
      }
      return this.orders.render(em, order.id, caller, token);
    });
  }

  /**
   * One step of the `next` event, with Spree's before- and after-transition work;
   * ends with the order's totals fresh.
   */
  private async transition(em: EntityManager, tracked: OrderInChange, caller: Caller): Promise<void> {
    const order = await tracked.row();
    const from = order.state;
    // Of the `next` transitions only the way out of payment depends on the payments (confirmation required);
    // the others need the total at most, which the order row holds.
    const facts = from === 'payment' ? await loadCheckoutFacts(em, order) : checkoutFacts(order, []);
    const move = orderTransition(from, 'next', facts);
    if (!move) throw new CouldNotTransitionError({ state: [`cannot move on from ${from}`] });
    const to = move.to;

    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);

    // The item count is the row's as just read or recomputed (kept with every line item change; a line item has at least one unit).
    if (from === 'cart' && order.itemCount === 0) add('base', 'There are no items for this order. Please add an item to the order to continue.');
    if (requiresEmail(to)) {
      if (!order.email || order.email.trim() === '') add('email', "can't be blank");
      else if (!isEmail(order.email)) add('email', 'is invalid');
    }
    if (from === 'address') {
      if (!order.billAddressId) add('bill_address', "can't be blank");
      if (!order.shipAddressId) add('ship_address', "can't be blank");
    }
    if (Object.keys(errors).length > 0) throw new CouldNotTransitionError(errors);

    if (to === 'delivery') {
      const proposal = await this.shipments.propose(em, order);
      if (!proposal.ok) throw new CouldNotTransitionError({ base: proposal.errors });
    }
    if (from === 'delivery' && !(await this.shipments.allHaveSelectedRate(em, order.id))) {
      throw new CouldNotTransitionError({ base: ['We are unable to calculate shipping rates for the selected items.'] });
    }
    if (to === 'complete') await this.complete(em, order);

    await moveOrderState(em, order, move, caller.userId);
    // New shipments (delivery) and completion (payment and shipment states) change what is derived; other steps only
    // move the state, so totals fresh from this transaction (now() included: it is the transaction's time) stay right.
    if (to === 'delivery' || to === 'complete') tracked.changed();
    await tracked.totals();
  }

  /**
   * Spree's `process_payments!` + `finalize!`, stock first: the units of each
   * shipment are taken from stock (a non-backorderable item never goes below
   * zero, so the second of two shoppers racing for the last unit fails here),
   * then the payments are authorized.
   */
  private async complete(em: EntityManager, order: Order): Promise<void> {
    const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM shipments WHERE order_id = $1`, [order.id]);
    if (count === 0) throw new CouldNotTransitionError({ base: ['We are unable to calculate shipping rates for the selected items.'] });

    // Never charge more than shown: the discounts the order showed (kept as shown at confirm) are checked against
    // their promotions now, locked so two orders cannot both take a last use. A coupon whose discount was deleted,
    // lapsed, was used up by another order or lessened is refused, naming it, and nothing is charged (the shopper
    // removes it, or goes back a step, and sees the new total before paying it). Then the order is priced again:
    // its discounts as they now are (never less than shown), and the checkout payment follows the total.
    const { carriesCoupons } = await lockOrderPromotions(em, order.id);
    const lost = carriesCoupons ? await findLostCoupon(em, order) : undefined;
    if (lost) throw new CouldNotTransitionError({ coupon_code: [lostCouponText(lost)] });
    const { total } = await this.updater.update(em, order.id, { reprice: true });
    // Whether a payment is needed is decided on that total: a free order whose discount just dropped out must be
    // paid (with no payment it is refused and stays where it was), not completed with a balance due.
    const paymentRequired = checkoutFacts({ state: order.state, total: total! }, []).paymentRequired;

    const moves = await shipmentStock(em, order.id, 'pending');
    const short = await this.ledger.takeForShipments(em, moves);
    if (short) throw new CouldNotTransitionError({ base: [`Selected quantity of "${short.name}" is not available.`] });
    await markUnitsTaken(em, order.id);

    if (paymentRequired) await this.payments.processForCompletion(em, { id: order.id, total: total! });
  }
}
