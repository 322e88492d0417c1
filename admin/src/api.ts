/**
 * The one way the back-office talks to the API: same origin, the key from
 * sessionStorage in the Authorization header (never in a URL), and every
 * error turned into an HttpError carrying the API's own message.
 */
import { HttpError } from 'react-admin';
import { messageOf, queryString, type Query } from './lib';

export type { Query };

const KEY = 'commerce-admin.api_key';
const SESSION = 'commerce-admin.session';

export interface CurrentSession {
  user: { id: number; email: string };
  admin: boolean;
  permissions: string[];
}

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  setKey: (key: string) => sessionStorage.setItem(KEY, key),
  current: (): CurrentSession | null => {
    const raw = sessionStorage.getItem(SESSION);
    return raw ? (JSON.parse(raw) as CurrentSession) : null;
  },
  setCurrent: (value: CurrentSession) => sessionStorage.setItem(SESSION, JSON.stringify(value)),
  clear: () => {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(SESSION);
  },
};



export async function api<T = unknown>(method: string, path: string, options: { query?: Query; body?: unknown; form?: FormData; key?: string | null } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const key = options.key === undefined ? session.key() : options.key;
  if (key) headers.Authorization = `Bearer ${key}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}${queryString(options.query)}`, { method, headers, body });
  } catch {
    throw new HttpError('The service cannot be reached: check the connection and try again.', 0);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw new HttpError(messageOf(json, res.status), res.status, json);
  return json as T;
}
