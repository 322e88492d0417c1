/**
 * Staff permissions: one per domain and action. Every operation of the API
 * maps to one (permissionFor), derived from its path and method so that a new
 * route is covered the day it is added, and the OpenAPI document and the
 * guards read the same table.
 *
 * Reads (GET) need `<domain>:read`, the rest `<domain>:write`; payments split
 * taking money (`payments:write`: create, authorize, capture, purchase) from
 * giving it back (`payments:refund`: void, credit), so a clerk may ship and
 * capture but not refund.
 */
export const DOMAINS = ['orders', 'payments', 'shipments', 'returns', 'catalog', 'stock', 'promotions', 'settings', 'users', 'webhooks'] as const;
export type Domain = (typeof DOMAINS)[number];

export const PERMISSIONS: readonly string[] = [...DOMAINS.flatMap((d) => [`${d}:read`, `${d}:write`]), 'payments:refund'];
export type Permission = string;

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && PERMISSIONS.includes(value);
}

/** The first path segment after /api → its domain. Sign-in, sign-out and account links have none (no staff permission opens or scopes them). */
const DOMAIN_OF_RESOURCE: Record<string, Domain> = {
  orders: 'orders',
  checkouts: 'orders',
  addresses: 'users',
  users: 'users',
  roles: 'users',
  products: 'catalog',
  variants: 'catalog',
  option_types: 'catalog',
  option_values: 'catalog',
  properties: 'catalog',
  taxonomies: 'catalog',
  taxons: 'catalog',
  classifications: 'catalog',
  stock_locations: 'stock',
  stock_transfers: 'stock',
  inventory_units: 'stock',
  shipments: 'shipments',
  promotions: 'promotions',
  config: 'settings',
  countries: 'settings',
  states: 'settings',
  zones: 'settings',
  shipping_categories: 'settings',
  shipping_methods: 'settings',
  payment_methods: 'settings',
  tax_categories: 'settings',
  tax_rates: 'settings',
  mail_deliveries: 'settings',
  webhook_endpoints: 'webhooks',
};

/** Sub-resources of an order that belong to another domain. */
const ORDER_CHILD_DOMAIN: Record<string, Domain> = { payments: 'payments', shipments: 'shipments', return_authorizations: 'returns' };

const REFUNDS = new Set(['void', 'credit']);

/**
 * The permission an operation needs, from its HTTP method and route path
 * (Express `/api/orders/:number/payments/:id/void` or OpenAPI `{number}`);
 * undefined for operations outside every domain (sessions, passwords,
 * confirmations, health, a payment provider's webhooks).
 */
export function permissionFor(method: string, path: string): Permission | undefined {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  if (segments[0] !== 'api' || segments.length < 2) return undefined;
  // A payment provider's events are opened by the provider's signature, never by an API key.
  if (segments[1] === 'payment_methods' && segments[3] === 'webhooks') return undefined;
  let domain: Domain | undefined = DOMAIN_OF_RESOURCE[segments[1]];
  if (domain === undefined) return undefined;
  if (domain === 'orders' && segments.length >= 4) domain = ORDER_CHILD_DOMAIN[segments[3]] ?? domain;
  const verb = method.toUpperCase();
  const read = verb === 'GET' || verb === 'HEAD';
  if (domain === 'payments' && !read && REFUNDS.has(segments[segments.length - 1])) return 'payments:refund';
  // Reading an order's payments or shipments is reading the order.
  if (read && (domain === 'payments' || domain === 'shipments')) return 'orders:read';
  return `${domain}:${read ? 'read' : 'write'}`;
}

/** Permissions of an admin: all of them. */
export const ALL_PERMISSIONS: ReadonlySet<Permission> = new Set(PERMISSIONS);
