import { EntityManager } from 'typeorm';
import { Order } from '../../orders/order/entities/order.entity';
import { ORDER_TRANSITIONS, OrderMove, orderTransition } from '../../orders/order/order-states';
import { OrderChange } from '../order-action-runner';
import { CHECKOUT_STEP_EFFECTS, CheckoutEngines, CheckoutStep, CouldNotTransitionError, stepEffects, stepKey } from './checkout-steps';

const nextKeys = ORDER_TRANSITIONS.filter((t) => t.event === 'next').flatMap((t) => t.from.map((from) => `${from}→${t.to}`));

function step(move: OrderMove, engines: Partial<CheckoutEngines>, changed = jest.fn()): CheckoutStep {
  const order = { id: 3, state: move.from, total: '10.00', itemTotal: '10.00' } as Order;
  const change = { em: {} as EntityManager, order, changed } as unknown as OrderChange;
  return { change, order, move, engines: engines as CheckoutEngines };
}

describe('the checkout step registry', () => {
  it('is keyed by transitions of the state table’s next event only', () => {
    for (const key of Object.keys(CHECKOUT_STEP_EFFECTS)) expect(nextKeys).toContain(key);
  });

  it('has effects for every way into delivery and into complete', () => {
    for (const key of nextKeys.filter((k) => k.endsWith('→delivery') || k.endsWith('→complete'))) {
      expect(CHECKOUT_STEP_EFFECTS[key as keyof typeof CHECKOUT_STEP_EFFECTS]?.before).toBeDefined();
      expect(CHECKOUT_STEP_EFFECTS[key as keyof typeof CHECKOUT_STEP_EFFECTS]?.after).toBeDefined();
    }
  });

  it('gives a transition that only moves the state no effects', () => {
    const move = orderTransition('cart', 'next')!;
    expect(stepKey(move)).toBe('cart→address');
    expect(stepEffects(move)).toEqual({});
  });

  it('proposes the shipments on the way into delivery, refusing the step when nothing can ship', async () => {
    const move = orderTransition('address', 'next')!;
    const propose = jest.fn().mockResolvedValueOnce({ ok: true }).mockResolvedValueOnce({ ok: false, errors: ['No shipping method'] });
    await stepEffects(move).before!(step(move, { shipments: { propose, allHaveSelectedRate: jest.fn() } }));
    expect(propose).toHaveBeenCalledTimes(1);
    const refused = stepEffects(move).before!(step(move, { shipments: { propose, allHaveSelectedRate: jest.fn() } }));
    await expect(refused).rejects.toBeInstanceOf(CouldNotTransitionError);
    await expect(refused).rejects.toMatchObject({ body: { errors: { base: ['No shipping method'] } } });
  });

  it('says the totals changed after the move into delivery', async () => {
    const move = orderTransition('address', 'next')!;
    const changed = jest.fn();
    await stepEffects(move).after!(step(move, {}, changed));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('refuses to leave delivery for payment while a shipment has no rate chosen', async () => {
    const move = orderTransition('delivery', 'next', { paymentRequired: true })!;
    expect(stepKey(move)).toBe('delivery→payment');
    const allHaveSelectedRate = jest.fn().mockResolvedValue(false);
    await expect(stepEffects(move).before!(step(move, { shipments: { propose: jest.fn(), allHaveSelectedRate } }))).rejects.toMatchObject({
      body: { errors: { base: ['We are unable to calculate shipping rates for the selected items.'] } },
    });
    expect(stepEffects(move).after).toBeUndefined();
  });
});
