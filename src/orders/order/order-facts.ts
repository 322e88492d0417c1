import { EntityManager } from 'typeorm';
import { decimal } from '../../common/money/money';
import { keepsCardProfiles } from '../../payments/payment/gateways/registry';
import { isValidPayment, PaymentState } from '../../payments/payment/payment-states';
import { Order } from './entities/order.entity';
import { OrderFacts } from './order-states';
import { queryPrepared } from '../../common/db/prepared-statement';

/**
 * The facts the guards of the order state table read (order-states.ts),
 * from the order's row and what it has. Each event reads only its own.
 */

/** For `next` and the checkout steps: from the order's total and state and its payments with their methods' types. */
export function checkoutFacts(
  order: Pick<Order, 'total' | 'state'>,
  payments: ReadonlyArray<{ state: PaymentState; methodType: string }>,
): Pick<OrderFacts, 'paymentRequired' | 'confirmationRequired'> {
  return {
    paymentRequired: decimal(order.total).greaterThan(0),
    confirmationRequired: order.state === 'confirm' || payments.some((p) => isValidPayment(p.state) && keepsCardProfiles(p.methodType)),
  };
}

/** `checkoutFacts` with the order's payments read. */
export async function loadCheckoutFacts(em: EntityManager, order: Pick<Order, 'id' | 'total' | 'state'>): Promise<Pick<OrderFacts, 'paymentRequired' | 'confirmationRequired'>> {
  const payments: Array<{ state: PaymentState; type: string }> = await queryPrepared(em,
    `SELECT p.state, pm.type FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id WHERE p.order_id = $1`,
    [order.id],
  );
  return checkoutFacts(order, payments.map((p) => ({ state: p.state, methodType: p.type })));
}

/** For `cancel`: from the order's shipment state. */
export function shippingFacts(order: Pick<Order, 'shipmentState'>): Pick<OrderFacts, 'unshipped'> {
  return { unshipped: order.shipmentState === null || ['ready', 'backorder', 'pending'].includes(order.shipmentState) };
}

/** For `return`: whether a return authorization of the order is still awaited. */
export async function loadReturnFacts(em: EntityManager, orderId: number): Promise<Pick<OrderFacts, 'noReturnAwaited'>> {
  const [{ awaited }] = await em.query(`SELECT count(*)::int AS awaited FROM return_authorizations WHERE order_id = $1 AND state = 'authorized'`, [orderId]);
  return { noReturnAwaited: awaited === 0 };
}
