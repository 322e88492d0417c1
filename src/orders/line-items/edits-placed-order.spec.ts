import { ANONYMOUS, Caller } from '../../common/auth/caller';
import { ApiError } from '../../common/errors/api-errors';
import { Order } from '../order/entities/order.entity';
import { editsPlacedOrder } from './order-contents.service';

/** Who edits a placed order's line items: admins, while it is complete or resumed. */
describe('editsPlacedOrder', () => {
  const admin: Caller = { userId: 1, email: 'admin@example.com', admin: true };
  const shopper: Caller = { userId: 2, email: 'me@example.com', admin: false };
  const order = (state: string, completedAt: Date | null = new Date()) => ({ state, completedAt }) as Order;

  it('is an admin changing a complete or resumed order', () => {
    expect(editsPlacedOrder(order('complete'), admin)).toBe(true);
    expect(editsPlacedOrder(order('resumed'), admin)).toBe(true);
  });

  it('is not a change of a checkout, nor anyone but an admin (who get the checkout rules)', () => {
    expect(editsPlacedOrder(order('cart', null), admin)).toBe(false);
    expect(editsPlacedOrder(order('payment', null), admin)).toBe(false);
    expect(editsPlacedOrder(order('complete'), shopper)).toBe(false);
    expect(editsPlacedOrder(order('complete'), ANONYMOUS)).toBe(false);
  });

  it('refuses canceled and returned orders with 422 naming their state', () => {
    for (const state of ['canceled', 'awaiting_return', 'returned']) {
      let response: unknown;
      try {
        editsPlacedOrder(order(state), admin);
      } catch (error) {
        response = (error as ApiError).getResponse();
      }
      expect(response).toEqual(expect.objectContaining({ errors: { base: [`The order is ${state}: its line items cannot be changed.`] } }));
    }
  });
});
