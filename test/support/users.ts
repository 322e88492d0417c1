import { DataSource } from 'typeorm';
import { apiKeyDigest, generateApiKey } from '../../src/common/auth/api-keys';
import { hashPassword } from '../../src/accounts/users/passwords';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  apiKey: string;
  /** Headers that authenticate as this user. */
  auth: { Authorization: string };
}

let sequence = 0;

/** Inserts a user with a known password and API key. */
export async function createUser(db: DataSource, options: { admin?: boolean; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user${++sequence}-${Date.now()}@example.com`;
  const password = 'secret123';
  const apiKey = generateApiKey();
  const [{ id }] = await db.query(
    `INSERT INTO users (email, encrypted_password, api_key_digest, admin) VALUES ($1, $2, $3, $4) RETURNING id`,
    [email, await hashPassword(password), apiKeyDigest(apiKey), options.admin ?? false],
  );
  return { id, email, password, apiKey, auth: { Authorization: `Bearer ${apiKey}` } };
}

export const createAdmin = (db: DataSource) => createUser(db, { admin: true });
