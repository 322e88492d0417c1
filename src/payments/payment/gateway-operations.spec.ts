import { afterLostAnswer, afterRollback, compensate, CompensatedRow, compensationOf, idempotencyKeyOf } from './gateway-operations';
import { BogusGateway } from './gateways/bogus.gateway';
import { PaymentProvider } from './gateways/payment-provider';

const row = (over: Partial<CompensatedRow> = {}): CompensatedRow => ({
  id: '7',
  operation: 'authorize',
  customerAction: false,
  amountCents: 2500,
  currency: 'USD',
  authorization: '12345',
  payment: { id: 3, identifier: 'ABC', orderId: 9 },
  ...over,
});

describe('compensationOf', () => {
  it('voids an authorization and credits what was taken', () => {
    expect(compensationOf('authorize')).toBe('void');
    expect(compensationOf('purchase')).toBe('credit');
    expect(compensationOf('capture')).toBe('credit');
  });

  it('voids an attempt still waiting for the customer: nothing was taken yet', () => {
    expect(compensationOf('purchase', true)).toBe('void');
  });
});

describe('afterRollback', () => {
  it('compensates charges and leaves money given back unbooked', () => {
    expect(afterRollback('authorize', false)).toEqual({ compensation: 'void' });
    expect(afterRollback('capture', false)).toEqual({ compensation: 'credit' });
    expect(afterRollback('void', false)).toBe('unbooked');
    expect(afterRollback('credit', false)).toBe('unbooked');
  });
});

describe('idempotencyKeyOf', () => {
  it('names the journal row, and its compensation apart from it', () => {
    expect(idempotencyKeyOf('42')).toBe('gateway-operation-42');
    expect(idempotencyKeyOf('42', 'credit')).toBe('gateway-operation-42-credit');
  });
});

describe('compensate', () => {
  const gateway = new BogusGateway({ bogusGatewayLog: undefined });

  it('asks the provider for the void or the credit of the whole amount, with the reference it gave and a stable key', async () => {
    const voided = jest.spyOn(gateway, 'void');
    const credited = jest.spyOn(gateway, 'credit');
    const settings = { login: 'x' };
    expect((await compensate(gateway, { settings }, row())).success).toBe(true);
    expect(voided).toHaveBeenCalledWith({ settings, idempotencyKey: 'gateway-operation-7-void', payment: row().payment, authorization: '12345' });
    expect((await compensate(gateway, { settings }, row({ operation: 'capture' }))).success).toBe(true);
    expect(credited).toHaveBeenCalledWith({ settings, idempotencyKey: 'gateway-operation-7-credit', payment: row().payment, authorization: '12345', amount: 2500, currency: 'USD' });
  });

  it('reports a provider that throws or rejects, or none, as a refusal', async () => {
    const throwing = { void: () => { throw new Error('connection reset'); } } as unknown as PaymentProvider;
    const rejecting = { credit: () => Promise.reject(new Error('timeout')) } as unknown as PaymentProvider;
    expect(await compensate(throwing, { settings: {} }, row())).toMatchObject({ success: false, message: 'connection reset' });
    expect(await compensate(rejecting, { settings: {} }, row({ operation: 'purchase' }))).toMatchObject({ success: false, message: 'timeout' });
    expect(await compensate(undefined, { settings: {} }, row())).toMatchObject({ success: false });
  });
});

describe('afterLostAnswer', () => {
  const lost = (operation: 'authorize' | 'capture' | 'void' | 'credit') => ({ state: 'pending' as const, operation });

  it('leaves a row to a person when the provider cannot tell', () => {
    expect(afterLostAnswer(lost('capture'), null)).toEqual({ state: 'unknown' });
    expect(afterLostAnswer({ state: 'compensating', operation: 'capture' }, null)).toEqual({ state: 'unknown' });
  });

  it('a lost call that did nothing is declined', () => {
    expect(afterLostAnswer(lost('authorize'), { outcome: 'not_done', authorization: null })).toEqual({ state: 'declined' });
    expect(afterLostAnswer(lost('credit'), { outcome: 'declined', authorization: null })).toEqual({ state: 'declined' });
  });

  it('a lost charge that was done is compensated; a lost void or credit that was done is unbooked', () => {
    expect(afterLostAnswer(lost('capture'), { outcome: 'done', authorization: 'ch_1' })).toEqual({ state: 'answered' });
    expect(afterLostAnswer(lost('void'), { outcome: 'done', authorization: 'pi_1' })).toEqual({ state: 'unbooked' });
    expect(afterLostAnswer(lost('credit'), { outcome: 'done', authorization: 're_1' })).toEqual({ state: 'unbooked' });
  });

  it('a lost charge waiting for the customer is voided', () => {
    expect(afterLostAnswer(lost('authorize'), { outcome: 'awaiting_customer', authorization: 'pi_1' })).toEqual({ state: 'answered', customerAction: true });
    expect(afterLostAnswer(lost('void'), { outcome: 'awaiting_customer', authorization: 'pi_1' })).toEqual({ state: 'unknown' });
  });

  it('a lost compensation that was done is compensated; one that was not is tried again', () => {
    expect(afterLostAnswer({ state: 'compensating', operation: 'purchase' }, { outcome: 'done', authorization: 're_1' })).toEqual({ state: 'compensated' });
    expect(afterLostAnswer({ state: 'compensating', operation: 'purchase' }, { outcome: 'not_done', authorization: null })).toEqual({ state: 'answered' });
    expect(afterLostAnswer({ state: 'compensating', operation: 'authorize' }, { outcome: 'awaiting_customer', authorization: null })).toEqual({ state: 'unknown' });
  });
});
