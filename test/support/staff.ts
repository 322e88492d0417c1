import type { Response } from 'supertest';
import { completeCheckout, createOrder, stockedProduct } from './orders';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/** A request that needs one permission: what each domain's allowed and refused calls are tested with. */
export interface Probe {
  permission: string;
  method: 'get' | 'put' | 'post';
  path: string;
  body?: Record<string, unknown>;
}

/** Records the probes act on: a customer's completed order (card payment, shipment) and a guest's cart. */
export interface ProbeWorld {
  customer: TestUser;
  order: string;
  paymentId: number;
  shipment: string;
  cart: string;
}

export async function buildProbeWorld(t: TestApp, admin: TestUser, customer: TestUser): Promise<ProbeWorld> {
  const product = await stockedProduct(t.db, { count: 50 });
  const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], customer.auth);
  await completeCheckout(t, order, { email: customer.email });
  const shown = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
  const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
  return { customer, order: order.number, paymentId: shown.payments[0].id, shipment: shown.shipments[0].number, cart: cart.number };
}

/** One probe per permission, each an operation admins alone may run today (so a customer is refused it). */
export function probes(w: ProbeWorld): Probe[] {
  return [
    { permission: 'orders:read', method: 'get', path: '/api/orders' },
    { permission: 'orders:write', method: 'put', path: `/api/orders/${w.cart}`, body: { order: { email: 'changed@example.com' } } },
    { permission: 'payments:write', method: 'put', path: `/api/orders/${w.order}/payments/${w.paymentId}/capture` },
    { permission: 'payments:refund', method: 'put', path: `/api/orders/${w.order}/payments/${w.paymentId}/credit`, body: { amount: '0.01' } },
    { permission: 'shipments:write', method: 'put', path: `/api/shipments/${w.shipment}/ready` },
    { permission: 'returns:read', method: 'get', path: `/api/orders/${w.order}/return_authorizations` },
    { permission: 'returns:write', method: 'post', path: `/api/orders/${w.order}/return_authorizations`, body: { return_authorization: { reason: 'too big' } } },
    { permission: 'catalog:write', method: 'post', path: '/api/products', body: { product: {} } },
    { permission: 'stock:read', method: 'get', path: '/api/stock_locations' },
    { permission: 'stock:write', method: 'post', path: '/api/stock_locations', body: { stock_location: {} } },
    { permission: 'promotions:read', method: 'get', path: '/api/promotions' },
    { permission: 'promotions:write', method: 'post', path: '/api/promotions', body: { promotion: {} } },
    { permission: 'settings:read', method: 'get', path: '/api/tax_categories' },
    { permission: 'settings:write', method: 'post', path: '/api/tax_categories', body: { tax_category: {} } },
    { permission: 'users:read', method: 'get', path: `/api/users/${w.customer.id}` },
    { permission: 'users:write', method: 'put', path: `/api/users/${w.customer.id}`, body: { user: { bill_address_attributes: {} } } },
    { permission: 'webhooks:read', method: 'get', path: '/api/webhook_endpoints' },
    { permission: 'webhooks:write', method: 'post', path: '/api/webhook_endpoints', body: { webhook_endpoint: {} } },
  ];
}

export function send(t: TestApp, probe: Probe, auth: Record<string, string>): Promise<Response> {
  const req = t.http()[probe.method](probe.path).set(auth);
  return probe.body ? req.send(probe.body) : req;
}

/** Got past authorization: anything but the refusals (a 422 for an incomplete body counts: the guards let it through). */
export function passed(res: Response): boolean {
  return res.status !== 401 && res.status !== 404 && res.status < 500;
}
