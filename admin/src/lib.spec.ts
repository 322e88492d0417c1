import { EVENT_TYPES } from '../../src/common/events/events';
import { PAYMENT_METHOD_TYPES as API_PAYMENT_METHOD_TYPES } from '../../src/payments/payment/gateways/registry';
import { addMoney, changedFields, formErrors, listQuery, messageOf, PAYMENT_METHOD_TYPES, queryString, shippingMethodFields, toRecord, WEBHOOK_EVENTS, zoneWithMembers } from './lib';

describe('back-office pure logic', () => {
  it("turns the API's error bodies into one sentence", () => {
    expect(messageOf({ error: 'You are not authorized to perform that action.' }, 401)).toBe('You are not authorized to perform that action.');
    expect(messageOf({ error: 'Invalid resource. Please fix errors and try again.', errors: { amount: ['is too big', 'is odd'], name: ["can't be blank"] } }, 422)).toBe(
      "Invalid resource. Please fix errors and try again. amount is too big, is odd; name can't be blank",
    );
    expect(messageOf(undefined, 502)).toBe('The API answered 502');
    expect(messageOf('<html>', 500)).toBe('The API answered 500');
  });

  it('writes query strings: blanks left out, arrays as name[]', () => {
    expect(queryString({ page: 2, 'q[email_cont]': 'a b', skip: '', none: undefined, 'q[variant_id_in]': [1, 2] })).toBe('?page=2&q%5Bemail_cont%5D=a+b&q%5Bvariant_id_in%5D%5B%5D=1&q%5Bvariant_id_in%5D%5B%5D=2');
    expect(queryString({})).toBe('');
  });

  it("maps react-admin's list parameters to page, per_page, q[predicate] and q[s]", () => {
    expect(
      listQuery({ pagination: { page: 3, perPage: 50 }, sort: { field: 'completed_at', order: 'DESC' }, filter: { email_cont: 'bob', state_eq: 'complete', number_cont: '' } }),
    ).toEqual({ page: 3, per_page: 50, 'q[email_cont]': 'bob', 'q[state_eq]': 'complete', 'q[s]': 'completed_at desc' });
    expect(listQuery({})).toEqual({ page: 1, per_page: 25 });
  });

  it('keys orders by their number, keeping the numeric id', () => {
    expect(toRecord('orders', { id: 7, number: 'R123' })).toEqual({ id: 'R123', number: 'R123', order_id: 7 });
    expect(toRecord('stock_transfers', { id: 3, number: 'T123456789' })).toEqual({ id: 'T123456789', number: 'T123456789', transfer_id: 3 });
    expect(toRecord('products', { id: 7 })).toEqual({ id: 7 });
  });

  it('sends only the fields a form changed', () => {
    expect(changedFields({ name: 'B', price: '1.00', master: { id: 1 } }, { name: 'A', price: '1.00', master: { id: 1 } })).toEqual({ name: 'B' });
  });

  it('adds money exactly, in minor units', () => {
    expect(addMoney(['0.10', '0.20'])).toBe('0.30');
    expect(addMoney(['19.99', '-5.5', '3'])).toBe('17.49');
    expect(addMoney(['-1.25'])).toBe('-1.25');
    expect(addMoney([])).toBe('0.00');
  });
});

describe('formErrors', () => {
  it("joins each field's messages and keeps the whole message for the notification", () => {
    const body = { error: 'Invalid resource. Please fix errors and try again.', errors: { name: ['has already been taken', 'is too long'], base: ['no'] } };
    expect(formErrors(body, 'the whole message')).toEqual({ name: 'has already been taken, is too long', base: 'no', root: { serverError: 'the whole message' } });
  });

  it('is null when no field is named', () => {
    expect(formErrors({ error: 'You are not authorized to perform that action.' }, 'x')).toBeNull();
    expect(formErrors({ error: 'x', errors: {} }, 'x')).toBeNull();
    expect(formErrors(undefined, 'x')).toBeNull();
  });
});

describe('listQuery and show_deleted', () => {
  it('sends show_deleted as its own parameter, only when on', () => {
    expect(listQuery({ filter: { show_deleted: true, name_cont: 'mug' } })).toEqual({ page: 1, per_page: 25, show_deleted: true, 'q[name_cont]': 'mug' });
    expect(listQuery({ filter: { show_deleted: false } })).toEqual({ page: 1, per_page: 25 });
  });

  it("offers exactly the API's webhook events", () => {
    expect([...WEBHOOK_EVENTS]).toEqual([...EVENT_TYPES]);
  });

  it("offers exactly the API's payment providers", () => {
    expect(PAYMENT_METHOD_TYPES.map((t) => t.id).sort()).toEqual([...API_PAYMENT_METHOD_TYPES].sort());
  });

  it("edits a shipping method's zones, categories and calculator as the fields the API takes", () => {
    const method = {
      id: 4,
      name: 'UPS Ground',
      zones: [{ id: 2, name: 'North America' }],
      shipping_categories: [{ id: 1, name: 'Default' }, { id: 3, name: 'Heavy' }],
      calculator: { type: 'per_item', preferences: { amount: '2.50', currency: 'EUR' } },
    };
    expect(shippingMethodFields(method)).toEqual({ zone_ids: [2], shipping_category_ids: [1, 3], calculator_type: 'per_item', calculator_amount: '2.50', calculator_currency: 'EUR' });
    expect(toRecord('shipping_methods', method)).toMatchObject({ id: 4, zone_ids: [2], calculator_amount: '2.50' });
    expect(shippingMethodFields({ name: 'bare' })).toEqual({ zone_ids: [], shipping_category_ids: [], calculator_type: null, calculator_amount: null, calculator_currency: null });
  });

  it("edits a zone's countries or states as the member list the API replaces", () => {
    const zone = { id: 1, name: 'North America', zone_members: [{ id: 9, name: 'Canada', zoneable_type: 'Spree::Country', zoneable_id: 35 }] };
    expect(toRecord('zones', zone)).toMatchObject({ country_ids: [35], state_ids: [] });
    expect(zoneWithMembers({ ...toRecord('zones', zone), country_ids: [35, 214] })).toEqual({
      id: 1,
      name: 'North America',
      zone_members: [
        { zoneable_type: 'Spree::Country', zoneable_id: 35 },
        { zoneable_type: 'Spree::Country', zoneable_id: 214 },
      ],
    });
    expect(zoneWithMembers({ name: 'Mid-Atlantic', state_ids: ['20', 8] })).toEqual({
      name: 'Mid-Atlantic',
      zone_members: [
        { zoneable_type: 'Spree::State', zoneable_id: 20 },
        { zoneable_type: 'Spree::State', zoneable_id: 8 },
      ],
    });
    // A form that did not show the members sends the zone as it was.
    expect(zoneWithMembers({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });
});
