import { operationName, singular } from './document-rules';

describe('operationName: an SDK method name from the route', () => {
  it.each([
    ['get', '/api/products', 'index', 'listProducts'],
    ['get', '/api/products/{id}', 'show', 'showProduct'],
    ['get', '/api/products/new', 'describe', 'describeProduct'],
    ['post', '/api/orders', 'create', 'createOrder'],
    ['delete', '/api/products/{id}', 'destroy', 'deleteProduct'],
    ['delete', '/api/orders/{number}/line_items/{id}', 'remove', 'deleteOrderLineItem'],
    // One handler on two paths: two names.
    ['post', '/api/orders/{number}/line_items', 'create', 'createOrderLineItem'],
    ['post', '/api/checkouts/{number}/line_items', 'create', 'createCheckoutLineItem'],
    // Actions are named by the segment that ends the path.
    ['put', '/api/checkouts/{number}/next', 'next', 'nextCheckout'],
    ['put', '/api/orders/{number}/payments/{id}/capture', 'capture', 'captureOrderPayment'],
    ['put', '/api/orders/{number}/return_authorizations/{id}/receive', 'receive', 'receiveOrderReturnAuthorization'],
    // A handler named like a CRUD verb but on another method is an action.
    ['put', '/api/orders/{number}/cancel', 'cancel', 'cancelOrder'],
    // Handler suffixes (`indexOfCountry`) keep the verb.
    ['get', '/api/countries/{country_id}/states', 'indexOfCountry', 'listCountryStates'],
    ['get', '/api/countries/{country_id}/states/{id}', 'showOfCountry', 'showCountryState'],
    ['get', '/api/taxonomies', 'index', 'listTaxonomies'],
    ['get', '/api/addresses/{id}', 'show', 'showAddress'],
    // Overrides where the rule reads badly.
    ['get', '/api/orders/mine', 'mine', 'listMyOrders'],
    ['put', '/api/shipments/{number}/remove', 'remove', 'removeFromShipment'],
  ])('%s %s (%s) → %s', (method, path, handler, expected) => {
    expect(operationName(method, path, handler)).toBe(expected);
  });
});

describe('singular', () => {
  it.each([
    ['taxonomies', 'taxonomy'],
    ['addresses', 'address'],
    ['line_items', 'line_item'],
    ['status', 'status'],
    ['config', 'config'],
    ['taxes', 'tax'],
  ])('%s → %s', (plural, one) => expect(singular(plural)).toBe(one));
});
