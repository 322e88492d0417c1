import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-errors';
import { isOrderImport, readOrderImport } from './order-import-params';

const req = (order: unknown, query: Record<string, unknown> = {}) => ({ body: { order }, query }) as unknown as Request;
const errorOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.getStatus(), body: error.body };
    throw error;
  }
  return undefined;
};

describe('reading an order import', () => {
  it('is an import when it carries what only an import has', () => {
    for (const order of [
      { completed_at: '2026-01-01' },
      { shipments_attributes: [] },
      { payments_attributes: [] },
      { adjustments_attributes: [] },
      { line_items_attributes: [{ sku: 'A', quantity: 1 }] },
      { line_items: { 0: { sku: 'A', quantity: 1 } } },
      { ship_address_attributes: { country: { iso: 'US' } } },
      { bill_address: { state: { abbr: 'MD' } } },
    ]) {
      expect([order, isOrderImport(req(order))]).toEqual([order, true]);
    }
    for (const order of [{}, { email: 'a@b.c', user_id: 3 }, { line_items: [{ variant_id: 1, quantity: 2, price: '1.00' }] }, { bill_address: { country_id: 1 } }, { line_items: 'junk' }]) {
      expect([order, isOrderImport(req(order))]).toEqual([order, false]);
    }
  });

  it('binds only the listed keys, names lists by index, and defaults what Spree defaults', () => {
    const read = readOrderImport(
      req({
        completed_at: '2026-01-02T03:04:05Z',
        state: 'complete',
        total: '0.01',
        user_id: '7',
        line_items_attributes: { 0: { sku: ' A-1 ', quantity: '2', admin: true }, 1: { variant_id: 5, quantity: 1, price: '3.50' } },
        ship_address_attributes: { firstname: 'Ada', country: { iso: 'us' }, state: { name: 'Maryland' }, id: 9 },
        shipments_attributes: [{ stock_location: ' default ', shipping_method: 'UPS', inventory_units: [{ sku: 'A-1' }, { variant_id: '5' }] }],
        payments_attributes: { payment_method: 'Check', amount: '10', status: 'Pending' },
        adjustments_attributes: [{ label: 'Fee', amount: '-1.5' }],
      }),
    );
    expect(read).toEqual({
      completedAt: new Date('2026-01-02T03:04:05Z'),
      attributes: { user_id: 7 },
      billAddress: undefined,
      shipAddress: { fields: { firstname: 'Ada' }, country: { iso: 'us' }, state: { name: 'Maryland' } },
      lineItems: [
        { sku: 'A-1', quantity: 2, price: undefined },
        { variantId: 5, quantity: 1, price: '3.50' },
      ],
      shipments: [{ tracking: undefined, stockLocation: 'default', shippingMethod: 'UPS', cost: '0', shippedAt: undefined, units: [{ sku: 'A-1' }, { variantId: 5 }] }],
      payments: [{ methodName: 'Check', amount: '10', state: 'pending' }],
      adjustments: [{ label: 'Fee', amount: '-1.5' }],
    });
    expect(readOrderImport(req({ payments_attributes: [{ payment_method: 'Check', amount: '1' }] })).payments[0].state).toBe('completed');
    expect(readOrderImport(req({ completed_at: '2026-01-01' })).shipments).toBeUndefined();
    expect(readOrderImport(req({ completed_at: '2026-01-01', shipments_attributes: [] })).shipments).toBeUndefined();
  });

  it('names a bad part by its path', () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ line_items_attributes: [{ sku: 'A', quantity: 1 }, { quantity: 1 }] }, { 'line_items_attributes[1].sku': ["can't be blank"] }],
      [{ line_items: [{ sku: 'A', quantity: 0 }] }, { 'line_items_attributes[0].quantity': ['must be greater than or equal to 1'] }],
      [{ shipments_attributes: [{ stock_location: 'x', shipping_method: 'y', inventory_units: [{}] }] }, { 'shipments_attributes[0].inventory_units[0].sku': ["can't be blank"] }],
      [{ shipments_attributes: [{ shipping_method: 'y' }] }, { 'shipments_attributes[0].stock_location': ["can't be blank"] }],
      [{ payments_attributes: [{ payment_method: 'Check', amount: '1', state: 'stolen' }] }, { 'payments_attributes[0].state': ['is not a payment state'] }],
      [{ email: 'not an email' }, { email: ['is invalid'] }],
    ];
    for (const [order, errors] of cases) {
      expect(errorOf(() => readOrderImport(req(order)))).toEqual({ status: 422, body: { error: expect.any(String), errors } });
    }
    // A state that is not an object is a malformed body.
    expect(errorOf(() => readOrderImport(req({ ship_address_attributes: { state: 'MD' } })))?.status).toBe(400);
    expect(errorOf(() => readOrderImport(req({ adjustments_attributes: 'x' })))?.status).toBe(400);
  });
});
