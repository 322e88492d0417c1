/**
 * react-admin's data provider for the API's lists and records:
 *   GET /api/<resource>?page=&per_page=&q[<ransack predicate>]=…&q[s]=<field> <dir>
 * answers `{<resource>: [...], count, total_count, current_page, pages, per_page}`.
 * A list filter's name is the ransack predicate itself (`email_cont`,
 * `state_eq`, `completed_at_gt`). Orders are known by their number (the API's
 * key for them), kept as the record's `id`; the numeric id stays in `order_id`.
 */
import type { DataProvider, RaRecord } from 'react-admin';
import { api, Query } from './api';

const SINGULAR: Record<string, string> = {
  orders: 'order',
  products: 'product',
  users: 'user',
  promotions: 'promotion',
  roles: 'role',
  stock_locations: 'stock_location',
  taxonomies: 'taxonomy',
  option_types: 'option_type',
  properties: 'property',
};

const singular = (resource: string) => SINGULAR[resource] ?? resource.replace(/s$/, '');

/** Records as react-admin wants them: an `id` (orders: their number). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin's provider methods are generic in the record type
export function toRecord(resource: string, raw: Record<string, unknown>): any {
  if (resource === 'orders') return { ...raw, order_id: raw.id, id: raw.number as string } satisfies RaRecord;
  return raw as RaRecord;
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
    query[`q[${name}]`] = Array.isArray(value) ? (value as Array<string | number>) : String(value);
  }
  if (params.sort?.field && params.sort.field !== 'id') query['q[s]'] = `${params.sort.field} ${params.sort.order.toLowerCase()}`;
  else if (params.sort?.field === 'id') query['q[s]'] = `id ${params.sort.order.toLowerCase()}`;
  return query;
}

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) if (JSON.stringify(value) !== JSON.stringify(previous[name])) changed[name] = value;
  return changed;
}

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const body = await api<ListEnvelope>('GET', `/${resource}`, { query: listQuery(params) });
    const rows = (body[resource] as Record<string, unknown>[]) ?? [];
    return { data: rows.map((r) => toRecord(resource, r)), total: body.total_count ?? rows.length };
  },
  async getOne(resource, params) {
    return { data: toRecord(resource, await api('GET', `/${resource}/${encodeURIComponent(String(params.id))}`)) };
  },
  async getMany(resource, params) {
    const data = await Promise.all(params.ids.map(async (id) => toRecord(resource, await api('GET', `/${resource}/${encodeURIComponent(String(id))}`))));
    return { data };
  },
  async getManyReference(resource, params) {
    const body = await api<ListEnvelope>('GET', `/${resource}`, { query: listQuery({ ...params, filter: { ...params.filter, [`${params.target}_eq`]: params.id } }) });
    const rows = (body[resource] as Record<string, unknown>[]) ?? [];
    return { data: rows.map((r) => toRecord(resource, r)), total: body.total_count ?? rows.length };
  },
  async create(resource, params) {
    return { data: toRecord(resource, await api('POST', `/${resource}`, { body: { [singular(resource)]: params.data } })) };
  },
  async update(resource, params) {
    // Only what the form changed: a record as shown carries read-only parts (nested variants, totals) the API does not take.
    const changed = changedFields(params.data as Record<string, unknown>, (params.previousData ?? {}) as Record<string, unknown>);
    return { data: toRecord(resource, await api('PUT', `/${resource}/${encodeURIComponent(String(params.id))}`, { body: { [singular(resource)]: changed } })) };
  },
  async updateMany(resource, params) {
    for (const id of params.ids) await api('PUT', `/${resource}/${encodeURIComponent(String(id))}`, { body: { [singular(resource)]: params.data } });
    return { data: params.ids };
  },
  async delete(resource, params) {
    await api('DELETE', `/${resource}/${encodeURIComponent(String(params.id))}`);
    return { data: params.previousData as never };
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) await api('DELETE', `/${resource}/${encodeURIComponent(String(id))}`);
    return { data: params.ids };
  },
};
