import { isPermission, permissionFor } from './permissions';

describe('permissionFor', () => {
  it.each([
    ['GET', '/api/orders', 'orders:read'],
    ['PUT', '/api/orders/:number', 'orders:write'],
    ['PUT', '/api/checkouts/{number}/next', 'orders:write'],
    ['PUT', '/api/orders/:number/payments/:id/capture', 'payments:write'],
    ['PUT', '/api/orders/:number/payments/:id/void', 'payments:refund'],
    ['PUT', '/api/checkouts/:number/payments/:id/credit', 'payments:refund'],
    ['GET', '/api/orders/:number/payments', 'orders:read'],
    ['PUT', '/api/shipments/:number/ship', 'shipments:write'],
    ['POST', '/api/orders/:order_number/shipments', 'shipments:write'],
    ['PUT', '/api/orders/:number/return_authorizations/:id/receive', 'returns:write'],
    ['POST', '/api/products/:product_id/images', 'catalog:write'],
    ['GET', '/api/stock_locations/:id/stock_items', 'stock:read'],
    ['DELETE', '/api/webhook_endpoints/:id', 'webhooks:write'],
    ['PUT', '/api/users/:id/roles', 'users:write'],
    ['POST', '/api/tax_rates', 'settings:write'],
    ['POST', '/api/sessions', undefined],
    ['GET', '/health/live', undefined],
    ['POST', '/api/payment_methods/{id}/webhooks', undefined],
    ['PUT', '/api/payment_methods/:id', 'settings:write'],
  ])('%s %s needs %s', (method, path, permission) => {
    expect(permissionFor(method, path)).toBe(permission);
  });

  it('names only permissions of the table', () => {
    expect(isPermission('payments:refund')).toBe(true);
    expect(isPermission('payments:fly')).toBe(false);
    expect(isPermission(3)).toBe(false);
  });
});
