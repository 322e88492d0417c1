/**
 * The back-office's pure logic (no React, no network), unit-tested beside it
 * (lib.spec.ts): the API's error bodies as one sentence, query strings, the
 * list parameters of the API, changed fields, exact money sums.
 */

/** `{error, errors: {field: [..]}}` → one sentence a person can act on. */
export function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { error, errors } = body as { error?: unknown; errors?: unknown };
    const details =
      errors && typeof errors === 'object' && !Array.isArray(errors)
        ? Object.entries(errors as Record<string, unknown>)
            .map(([field, messages]) => `${field} ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`)
            .join('; ')
        : '';
    if (typeof error === 'string') return details ? `${error} ${details}` : error;
  }
  return `The API answered ${status}`;
}

/**
 * The API's 422 body as react-admin's form reads server-side errors: each
 * field's messages joined (shown under the field) and the whole message
 * (`error` and every field) as `root.serverError` (the notification). Null
 * when the body names no field.
 */
export function formErrors(body: unknown, message: string): Record<string, unknown> | null {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors) || Object.keys(errors).length === 0) return null;
  const fields: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) fields[field] = Array.isArray(messages) ? messages.join(', ') : String(messages);
  return { ...fields, root: { serverError: message } };
}

export type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>;

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Records as react-admin wants them: an `id` (orders and stock transfers: their number, the API's key for them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin's provider methods are generic in the record type
export function toRecord(resource: string, raw: Record<string, unknown>): any {
  if (resource === 'orders') return { ...raw, order_id: raw.id, id: raw.number as string };
  if (resource === 'stock_transfers') return { ...raw, transfer_id: raw.id, id: raw.number as string };
  if (resource === 'shipping_methods') return { ...raw, ...shippingMethodFields(raw) };
  if (resource === 'zones') {
    const members = raw.zone_members as ZoneMember[] | undefined;
    return { ...raw, country_ids: memberIdsOf(members, 'Spree::Country'), state_ids: memberIdsOf(members, 'Spree::State') };
  }
  return raw;
}

export interface ListEnvelope {
  count: number;
  total_count: number;
  current_page: number;
  pages: number;
  per_page: number;
  [resource: string]: unknown;
}

export function listQuery(params: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string }; filter?: Record<string, unknown> }): Query {
  const query: Query = { page: params.pagination?.page ?? 1, per_page: params.pagination?.perPage ?? 25 };
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    // Not a search: the admins' switch that lists soft-deleted records too (products, variants).
    if (name === 'show_deleted') {
      if (value === true) query.show_deleted = true;
      continue;
    }
    query[`q[${name}]`] = Array.isArray(value) ? (value as Array<string | number>) : String(value);
  }
  if (params.sort?.field) query['q[s]'] = `${params.sort.field} ${params.sort.order.toLowerCase()}`;
  return query;
}

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) if (JSON.stringify(value) !== JSON.stringify(previous[name])) changed[name] = value;
  return changed;
}

/** Decimal strings added exactly, in minor units (never floats). */
export function addMoney(values: string[]): string {
  let cents = 0n;
  for (const value of values) {
    const negative = value.trim().startsWith('-');
    const [whole, fraction = ''] = value.trim().replace(/^[-+]/, '').split('.');
    const amount = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
    cents += negative ? -amount : amount;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The payment providers a payment method may use: the API's `PAYMENT_METHOD_TYPES` (payments/payment/gateways/registry.ts; lib.spec.ts holds them equal). */
export const PAYMENT_METHOD_TYPES: Array<{ id: string; name: string }> = [
  { id: 'Spree::Gateway::Bogus', name: 'Test gateway (Bogus)' },
  { id: 'Spree::Gateway::StripeGateway', name: 'Stripe' },
  { id: 'Spree::PaymentMethod::Check', name: 'Check (paid outside)' },
];

/**
 * A shipping method's zones, categories and calculator as its form edits them (the fields the API takes), from
 * its JSON's `zones`, `shipping_categories` and `calculator`.
 */
export function shippingMethodFields(raw: Record<string, unknown>): Record<string, unknown> {
  const ids = (list: unknown) => (Array.isArray(list) ? list.map((item) => (item as { id: number }).id) : []);
  const calculator = raw.calculator as { type?: string; preferences?: { amount?: string; currency?: string } } | undefined;
  return {
    zone_ids: ids(raw.zones),
    shipping_category_ids: ids(raw.shipping_categories),
    calculator_type: calculator?.type ?? null,
    calculator_amount: calculator?.preferences?.amount ?? null,
    calculator_currency: calculator?.preferences?.currency ?? null,
  };
}

type ZoneMember = { zoneable_type: string; zoneable_id: number };

/** A zone's members of one kind as a form edits them (`country_ids`, `state_ids`), from its `zone_members`. */
export function memberIdsOf(members: ZoneMember[] | undefined, type: 'Spree::Country' | 'Spree::State'): number[] {
  return (members ?? []).filter((m) => m.zoneable_type === type).map((m) => m.zoneable_id);
}

/**
 * A zone form's data as the API takes it: `country_ids` and `state_ids` become the member list, which replaces the
 * zone's members (the API refuses a zone of countries and states both, naming `zone_members`).
 */
export function zoneWithMembers(data: Record<string, unknown>): Record<string, unknown> {
  const { country_ids: countryIds, state_ids: stateIds, ...rest } = data;
  if (!Array.isArray(countryIds) && !Array.isArray(stateIds)) return rest;
  const members = (type: string, ids: unknown) => (Array.isArray(ids) ? ids : []).map((id) => ({ zoneable_type: type, zoneable_id: Number(id) }));
  return { ...rest, zone_members: [...members('Spree::Country', countryIds), ...members('Spree::State', stateIds)] };
}

/** The events a webhook endpoint may subscribe to: the API's `EVENT_TYPES` (src/common/events/events.ts; lib.spec.ts holds them equal), docs/webhooks.md. */
export const WEBHOOK_EVENTS: readonly string[] = [
  'order.completed',
  'order.canceled',
  'order.resumed',
  'order.updated',
  'payment.authorized',
  'payment.captured',
  'payment.voided',
  'payment.credited',
  'payment.failed',
  'payment.disputed',
  'shipment.ready',
  'shipment.shipped',
  'return_authorization.authorized',
  'return_authorization.received',
  'return_authorization.canceled',
  'product.created',
  'product.updated',
  'product.deleted',
  'stock_item.out_of_stock',
  'stock_item.back_in_stock',
  'user.created',
];
