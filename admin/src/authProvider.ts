import type { AuthProvider } from 'react-admin';
import { api, CurrentSession, session } from './api';

/** The API's answer to a key that matches no one (signed out elsewhere, expired): only then is the user sent to sign in again. */
const INVALID_KEY = 'Invalid API key specified.';

async function loadCurrent(): Promise<CurrentSession> {
  const current = await api<CurrentSession>('GET', '/sessions/current');
  session.setCurrent(current);
  return current;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const signedIn = await api<{ api_key: string }>('POST', '/sessions', { body: { email: username, password }, key: null });
    session.setKey(signedIn.api_key);
    const current = await loadCurrent();
    if (!current.admin && current.permissions.length === 0) {
      await api('DELETE', '/sessions').catch(() => undefined);
      session.clear();
      throw new Error('This account has no staff role: ask an admin for one.');
    }
  },
  async logout() {
    if (session.key()) await api('DELETE', '/sessions').catch(() => undefined);
    session.clear();
  },
  async checkAuth() {
    if (!session.key()) throw new Error('Please sign in.');
  },
  async checkError(error: { status?: number; message?: string }) {
    // A 401 for an action the role does not allow is shown, not a sign-out.
    if (error?.status === 401 && (error.message === INVALID_KEY || error.message === 'You must specify an API key.')) {
      session.clear();
      throw new Error('Your session has ended: please sign in again.');
    }
  },
  async getPermissions() {
    if (!session.key()) return [];
    return (session.current() ?? (await loadCurrent())).permissions;
  },
  async getIdentity() {
    // Not signed in: nothing to ask the API (a 401 there would only be retried).
    if (!session.key()) throw new Error('Please sign in.');
    const current = session.current() ?? (await loadCurrent());
    return { id: current.user.id, fullName: current.user.email };
  },
};
