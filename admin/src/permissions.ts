/** The API's permissions (common/auth/permissions.ts; each operation's `x-permission`), for role and key forms. */
const DOMAINS = ['orders', 'payments', 'shipments', 'returns', 'catalog', 'stock', 'promotions', 'settings', 'users', 'webhooks'];
export const PERMISSIONS = [...DOMAINS.flatMap((d) => [`${d}:read`, `${d}:write`]), 'payments:refund'];
export const PERMISSION_CHOICES = PERMISSIONS.map((p) => ({ id: p, name: p }));
