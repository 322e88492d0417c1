import { FieldErrors, ErrorText, InvalidResourceError } from '../../common/errors/api-errors';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { markUnitsTaken } from '../../inventory/inventory-units/inventory-unit-writes';
import { shipmentStock } from '../../inventory/inventory-units/shipment-stock';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { findLostCoupon, lockOrderPromotions } from '../../orders/adjustments/order-promotions';
import { Order } from '../../orders/order/entities/order.entity';
import { checkoutFacts } from '../../orders/order/order-facts';
import { OrderMove, OrderState } from '../../orders/order/order-states';
import { AwaitingCustomer, PaymentsService } from '../../payments/payment/payments.service';
import { lostCouponText } from '../coupons/coupon.actions';
import { OrderChange } from '../order-action-runner';

/** 422 "The order could not be transitioned…" with what stood in the way. */
export class CouldNotTransitionError extends InvalidResourceError {
  constructor(errors: FieldErrors) {
    super(errors, ErrorText.couldNotTransition);
  }
}

/** The engines a step's effects use. */
export interface CheckoutEngines {
  shipments: Pick<ShipmentsService, 'propose' | 'allHaveSelectedRate'>;
  payments: Pick<PaymentsService, 'processForCompletion' | 'awaitCustomer'>;
  ledger: Pick<StockLedger, 'takeForShipments'>;
}

/** One step being taken: the order being changed (its row as read), the move of the state table, the engines. */
export interface CheckoutStep {
  change: OrderChange;
  order: Order;
  move: OrderMove;
  engines: CheckoutEngines;
}

/**
 * What a transition of the order's `next` event does besides moving the
 * state (Spree's `before_transition` / `after_transition` callbacks, as
 * Vendure's OrderProcess has them): `before` runs after the step's checks
 * and before the move is written (a throw refuses the step and keeps
 * nothing), `after` runs once the move is written.
 */
export interface StepEffects {
  /** May halt the step (the move is not written, `after` does not run, the transaction commits what `before` kept). */
  before?: (step: CheckoutStep) => Promise<void | StepHalt>;
  after?: (step: CheckoutStep) => Promise<void>;
}

/**
 * A step that neither fails nor happens: completion waiting for the customer to act on their payment (3-D Secure).
 * The order stays where it was; the payment keeps the provider's attempt (`processing`); the answer carries what the
 * storefront needs for the customer to act.
 */
export interface StepHalt {
  awaitingCustomer: AwaitingCustomer;
}

/** A `next` transition of the state table (orders/order/order-states.ts), `from→to`. */
export type StepKey = `${OrderState}→${OrderState}`;

export const stepKey = (move: Pick<OrderMove, 'from' | 'to'>): StepKey => `${move.from}→${move.to}`;

/** Spree's `create_proposed_shipments` on the way into delivery: the packages and their rates (refused when nothing can ship). */
async function proposeShipments({ change, order, engines }: CheckoutStep): Promise<void> {
  const proposal = await engines.shipments.propose(change.em, order);
  if (!proposal.ok) throw new CouldNotTransitionError({ base: proposal.errors });
}

/** Leaving delivery: every shipment has a shipping rate chosen. */
async function requireSelectedRates({ change, order, engines }: CheckoutStep): Promise<void> {
  if (!(await engines.shipments.allHaveSelectedRate(change.em, order.id))) {
    throw new CouldNotTransitionError({ base: ['We are unable to calculate shipping rates for the selected items.'] });
  }
}

/**
 * Spree's `process_payments!` + `finalize!`, stock first: the units of each
 * shipment are taken from stock (a non-backorderable item never goes below
 * zero, so the second of two shoppers racing for the last unit fails here),
 * then the payments are authorized.
 */
async function complete({ change, order, engines }: CheckoutStep): Promise<void | StepHalt> {
  const { em } = change;
  // Never charge more than shown: the discounts the order showed (kept as shown at confirm) are checked against
  // their promotions now, locked so two orders cannot both take a last use. A coupon whose discount was deleted,
  // lapsed, was used up by another order or lessened is refused, naming it, and nothing is charged (the shopper
  // removes it, or goes back a step, and sees the new total before paying it). Then the order is priced again:
  // its discounts as they now are (never less than shown), and the checkout payment follows the total.
  // The same statement counts the order's shipments: none, and the order cannot complete (nothing is kept: the request rolls back).
  const { carriesCoupons, shipments } = await lockOrderPromotions(em, order.id);
  if (shipments === 0) throw new CouldNotTransitionError({ base: ['We are unable to calculate shipping rates for the selected items.'] });
  const lost = carriesCoupons ? await findLostCoupon(em, order) : undefined;
  if (lost) throw new CouldNotTransitionError({ coupon_code: [lostCouponText(lost)] });
  const { total } = await change.totals({ reprice: true });
  // Whether a payment is needed is decided on that total: a free order whose discount just dropped out must be
  // paid (with no payment it is refused and stays where it was), not completed with a balance due.
  const paymentRequired = checkoutFacts({ state: order.state, total }, []).paymentRequired;

  try {
    // In a savepoint: when the payment must wait for its customer, the stock taken is given back by rolling it back.
    await em.transaction(async (inner) => {
      const moves = await shipmentStock(inner, order.id, 'pending');
      const short = await engines.ledger.takeForShipments(inner, moves);
      if (short) throw new CouldNotTransitionError({ base: [`Selected quantity of "${short.name}" is not available.`] });
      await markUnitsTaken(inner, order.id);
      if (paymentRequired) await engines.payments.processForCompletion(inner, { id: order.id, total });
    });
  } catch (error) {
    if (!(error instanceof AwaitingCustomer)) throw error;
    // No stock is held while the shopper authenticates (a shopper who never comes back holds none); the attempt is kept.
    await engines.payments.awaitCustomer(em, error);
    return { awaitingCustomer: error };
  }
}

/** New shipments (delivery) and completion (payment and shipment states) change what the totals are derived from. */
async function totalsChanged({ change }: CheckoutStep): Promise<void> {
  change.changed();
}

const intoCompletion: StepEffects = { before: complete, after: totalsChanged };

/**
 * The effects of the checkout's steps, by transition of the order's `next`
 * event (orders/order/order-states.ts). A transition that is not listed
 * only moves the state (its totals, fresh from this transaction, stay right).
 */
export const CHECKOUT_STEP_EFFECTS: Readonly<Partial<Record<StepKey, StepEffects>>> = {
  'address→delivery': { before: proposeShipments, after: totalsChanged },
  'delivery→payment': { before: requireSelectedRates },
  'delivery→complete': {
    before: async (step) => {
      await requireSelectedRates(step);
      return complete(step);
    },
    after: totalsChanged,
  },
  'payment→complete': intoCompletion,
  'confirm→complete': intoCompletion,
};

/** The effects of a move (none for a transition that only moves the state). */
export function stepEffects(move: Pick<OrderMove, 'from' | 'to'>): StepEffects {
  return CHECKOUT_STEP_EFFECTS[stepKey(move)] ?? {};
}
