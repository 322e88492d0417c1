/**
 * react-admin's data provider for the API's lists and records:
 *   GET /api/<resource>?page=&per_page=&q[<ransack predicate>]=…&q[s]=<field> <dir>
 * answers `{<resource>: [...], count, total_count, current_page, pages, per_page}`.
 * A list filter's name is the ransack predicate itself (`email_cont`,
 * `state_eq`, `completed_at_gt`). Orders are known by their number (the API's
 * key for them), kept as the record's `id`; the numeric id stays in `order_id`.
 */
import { HttpError, type DataProvider } from 'react-admin';
import { api } from './api';
import { changedFields, formErrors, listQuery, toRecord, type ListEnvelope } from './lib';

export type { ListEnvelope };

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
  tax_categories: 'tax_category',
  webhook_endpoints: 'webhook_endpoint',
};

const singular = (resource: string) => SINGULAR[resource] ?? resource.replace(/s$/, '');





/**
 * A form's save: a 422 naming fields is handed to react-admin's form as
 * server-side errors (each under its field, the API's whole message in the
 * notification); any other error as it is.
 */
async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const errors = error instanceof HttpError ? formErrors(error.body, error.message) : null;
    if (errors) throw new HttpError((error as HttpError).message, (error as HttpError).status, { ...(error as HttpError).body, errors });
    throw error;
  }
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
    return { data: toRecord(resource, await saving(() => api('POST', `/${resource}`, { body: { [singular(resource)]: params.data } }))) };
  },
  async update(resource, params) {
    // Only what the form changed: a record as shown carries read-only parts (nested variants, totals) the API does not take.
    const changed = changedFields(params.data as Record<string, unknown>, (params.previousData ?? {}) as Record<string, unknown>);
    return { data: toRecord(resource, await saving(() => api('PUT', `/${resource}/${encodeURIComponent(String(params.id))}`, { body: { [singular(resource)]: changed } }))) };
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
