import { Injectable } from '@nestjs/common';
import { ANONYMOUS, Caller } from '../../common/auth/caller';
import { ApiError, FieldErrors, InvalidResourceError } from '../../common/errors/api-errors';
import { isEmail } from '../../common/params/email';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { OrderChanges } from '../../orders/order/dto/order-changes';
import { checkoutFacts, loadCheckoutFacts } from '../../orders/order/order-facts';
import { moveOrderState } from '../../orders/order/order-moves';
import { inCheckout, nextState, orderTransition, requiresEmail, rewind } from '../../orders/order/order-states';
import { OrderJson } from '../../orders/order/order.serializer';
import { OrdersService } from '../../orders/order/orders.service';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { PaymentsService } from '../../payments/payment/payments.service';
import { CouponActions, CouponCodeRefused } from '../coupons/coupon.actions';
import { OrderActionRunner, OrderChange } from '../order-action-runner';
import { CheckoutEngines, CouldNotTransitionError, StepHalt, stepEffects } from './checkout-steps';

export { CouldNotTransitionError } from './checkout-steps';

/**
 * What a checkout request answers: the order, and whether its completion waits for the customer (3-D Secure: the
 * controller answers 202; the payment's JSON then carries `client_secret` and `next_action` for Stripe.js).
 */
export interface CheckoutAnswer {
  order: OrderJson;
  awaitingCustomer: boolean;
}

/** A checkout PUT that sends no change (it only moves on). */
export function sendsNothing(changes: OrderChanges): boolean {
  const { attributes, ...rest } = changes;
  return Object.values(attributes).every((v) => v === undefined) && Object.values(rest).every((v) => v === undefined || v === false);
}

/**
 * The stepwise checkout's actions: `next` moves an order one step along the
 * order state table (`order-states.ts`), running the step's checks and its
 * effects (`checkout-steps.ts`: shipments into delivery, stock and payments
 * into complete). A step that fails throws, and the request's transaction
 * leaves the order exactly as it was.
 */
@Injectable()
export class CheckoutActions {
  private readonly engines: CheckoutEngines;

  constructor(
    private readonly runner: OrderActionRunner,
    private readonly orders: OrdersService,
    private readonly shipments: ShipmentsService,
    private readonly payments: PaymentsService,
    ledger: StockLedger,
    private readonly coupons: CouponActions,
  ) {
    this.engines = { shipments, payments, ledger };
  }

  /** PUT /api/checkouts/:number/next. */
  async next(number: string, caller: Caller, token: string | undefined): Promise<CheckoutAnswer> {
    return this.runner.runFor(
      { caller, token },
      number,
      (change) => this.transition(change, caller, { alone: true }),
      (change, halt) => this.answer(change, halt, caller, token),
    );
  }

  /** The order as the transaction holds it; a completion waiting for the customer shows what they must act on. */
  private async answer(change: OrderChange, halt: StepHalt | undefined, caller: Caller, token: string | undefined): Promise<CheckoutAnswer> {
    const order = await this.orders.render(change.em, change.order.id, caller, token);
    if (!halt) return { order, awaitingCustomer: false };
    const { paymentId, customerAction } = halt.awaitingCustomer;
    // Not stored: the provider answers them again at the next completion while the customer has not acted.
    order.payments = order.payments.map((p) => (p.id === paymentId ? { ...p, client_secret: customerAction.clientSecret, next_action: customerAction.nextAction } : p));
    return { order, awaitingCustomer: true };
  }

  /** Spree's `advance`: as many steps as the order allows short of completing it; stops quietly at the first that cannot be taken. */
  async advance(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    return this.runner.run(
      number,
      async (change) => {
        const { em, order } = change;
        // Never into complete: paying is the shopper's explicit last step.
        while (inCheckout(order.state) && nextState(order.state, await loadCheckoutFacts(em, order)) !== 'complete') {
          try {
            // Each step is a nested transaction (the events a step that cannot be taken raised are dropped with it);
            // it starts from the row (a step rolled back leaves the loaded order behind) and recomputes.
            await change.nested((step) => this.transition(step, caller));
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            break;
          }
        }
        // Only the steps changed the order, and each left its totals fresh.
        change.unchanged();
      },
      (change) => this.orders.render(change.em, change.order.id, caller, token),
    );
  }

  /**
   * PUT /api/checkouts/:number: apply what was sent for the current step
   * (addresses, shipping rate choices, a payment), then move one step on.
   * A completed order is returned as it is.
   */
  async update(number: string, caller: Caller, token: string | undefined, changes: OrderChanges): Promise<CheckoutAnswer> {
    return this.runner.runFor(
      { caller, token },
      number,
      async (change) => {
        const { em, order } = change;
        // A guest order checked out by a signed-in shopper (who holds its token) becomes theirs (not an admin's when staff edit it).
        if (caller.userId !== null && !caller.admin && order.userId === null) await this.orders.associateUser(em, order, caller);
        if (changes.rewindTo !== undefined && changes.rewindTo !== order.state) {
          const back = rewind(order.state, changes.rewindTo, await loadCheckoutFacts(em, order));
          if (!back) throw InvalidResourceError.field('state', 'is not an earlier checkout step');
          await moveOrderState(em, order, back, caller.userId);
        }
        // The totals are recomputed once the changes are in, just before something reads them (not after each change).
        await this.orders.apply(em, order, caller, changes);
        if (changes.couponCode !== undefined) {
          await change.totals();
          try {
            await this.coupons.applyTo(change, changes.couponCode);
          } catch (error) {
            // Spree answers its `could_not_apply_coupon` view ({error}); ours also names the field, and keeps nothing.
            if (error instanceof CouponCodeRefused) throw new InvalidResourceError({ coupon_code: [error.body.error] }, error.body.error);
            throw error;
          }
        }
        if (changes.shipments?.length) {
          for (const choice of changes.shipments) await this.shipments.selectRate(em, order.id, choice.id, choice.selected_shipping_rate_id);
          change.changed(); // the shipping costs
        }
        if (changes.payment || changes.existingCardId !== undefined) {
          if (order.state !== 'payment') throw InvalidResourceError.field('payments', 'can only be added at the payment step');
          // The payment is for the whole total, as just recomputed. A new payment is in checkout for that total: the totals stay as they are.
          await change.totals();
          await this.payments.createCheckoutPayment(em, await change.row(), {
            paymentMethodId: changes.payment?.paymentMethodId ?? 0,
            source: changes.payment?.source,
            existingCardId: changes.existingCardId,
          });
        }
        if (order.state === 'address') {
          // Leaving address proposes the shipments, then recomputes the totals; nothing on the way reads them.
          return this.transition(change, caller);
        }
        // Confirming with nothing sent: nothing changed since the previous request's recompute, and the completion prices
        // the order again (after locking its promotions) before reading its total: no recompute before it.
        if (order.state === 'confirm' && sendsNothing(changes)) change.unchanged();
        await change.totals();
        return inCheckout(order.state) ? this.transition(change, caller) : undefined;
      },
      (change, halt) => this.answer(change, halt, caller, token),
    );
  }

  /**
   * The payment provider tells that the shopper authenticated a payment waiting for them (Stripe's webhook): the
   * order is completed as the storefront's completion (`PUT /api/checkouts/:number`) would complete it, the same step
   * in the same runner (the order's row lock makes the two take turns: whichever comes second finds it complete).
   * Nothing when the order's next step is not completion. Answers the halt when the provider still waits for the
   * customer; throws (a 422) when the order cannot complete (stock gone, a coupon lost, the payment refused).
   */
  async completeAwaited(change: OrderChange): Promise<'completed' | 'awaiting_customer' | 'not_at_completion'> {
    const order = await change.row();
    if (!inCheckout(order.state) || nextState(order.state, await loadCheckoutFacts(change.em, order)) !== 'complete') return 'not_at_completion';
    return (await this.transition(change, ANONYMOUS)) ? 'awaiting_customer' : 'completed';
  }

  /**
   * A payment waiting for its customer fails (the provider says the attempt failed or was canceled, the customer
   * never came back, or the order could not complete once they had): its attempt is canceled at the provider, the
   * payment is `failed`, and an order still in checkout goes back to the payment step, where the shopper pays again.
   * No stock is held while a payment waits, so none is given back.
   */
  async failAwaitingPayment(change: OrderChange, payment: Payment): Promise<void> {
    await this.payments.failAwaiting(change.em, payment);
    const order = await change.row();
    const back = rewind(order.state, 'payment', await loadCheckoutFacts(change.em, order));
    if (back) await moveOrderState(change.em, order, back, null);
    change.changed();
  }

  /**
   * One step of the `next` event: its checks, the effects of its transition
   * (CHECKOUT_STEP_EFFECTS) around the move; ends with the order's totals fresh.
   */
  /**
   * One `next` step. `alone`: the request does nothing else (PUT …/next), so a step that only moves the state leaves
   * the totals as the order's last change recomputed them (under this row lock nothing has changed them since).
   */
  private async transition(change: OrderChange, caller: Caller, options: { alone?: boolean } = {}): Promise<StepHalt | undefined> {
    const { em } = change;
    const order = await change.row();
    const from = order.state;
    // Of the `next` transitions only the way out of payment depends on the payments (confirmation required);
    // the others need the total at most, which the order row holds.
    const facts = from === 'payment' ? await loadCheckoutFacts(em, order) : checkoutFacts(order, []);
    const move = orderTransition(from, 'next', facts);
    if (!move) throw new CouldNotTransitionError({ state: [`cannot move on from ${from}`] });

    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    // The item count is the row's as just read or recomputed (kept with every line item change; a line item has at least one unit).
    if (from === 'cart' && order.itemCount === 0) add('base', 'There are no items for this order. Please add an item to the order to continue.');
    if (requiresEmail(move.to)) {
      if (!order.email || order.email.trim() === '') add('email', "can't be blank");
      else if (!isEmail(order.email)) add('email', 'is invalid');
    }
    if (from === 'address') {
      if (!order.billAddressId) add('bill_address', "can't be blank");
      if (!order.shipAddressId) add('ship_address', "can't be blank");
    }
    if (Object.keys(errors).length > 0) throw new CouldNotTransitionError(errors);

    const effects = stepEffects(move);
    const step = { change, order, move, engines: this.engines };
    const halt = await effects.before?.(step);
    if (halt) {
      // Neither failed nor taken (completion waiting for the customer): the order stays where it was.
      change.changed();
      await change.totals();
      return halt;
    }
    await moveOrderState(em, order, move, caller.userId);
    await effects.after?.(step);
    if (options.alone && !effects.before && !effects.after) change.unchanged();
    // Totals fresh from this transaction (now() included: it is the transaction's time) stay right after a step
    // that only moves the state; the runner recomputes after one whose effects changed them.
    await change.totals();
    return undefined;
  }
}
