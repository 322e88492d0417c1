import { DataSource } from 'typeorm';
import { apiKeyDigest, generateApiKey } from '../../src/common/auth/api-keys';
import { hashPassword } from '../../src/accounts/users/passwords';

/** bcrypt's cost for test users: what the configuration gives under NODE_ENV=test (config.passwordHashCost). */
const TEST_PASSWORD_HASH_COST = 4;

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
    `INSERT INTO users (email, encrypted_password, admin, email_verified_at) VALUES ($1, $2, $3, now()) RETURNING id`,
    [email, await hashPassword(password, TEST_PASSWORD_HASH_COST), options.admin ?? false],
  );
  await db.query(`INSERT INTO api_keys (user_id, digest) VALUES ($1, $2)`, [id, apiKeyDigest(apiKey)]);
  return { id, email, password, apiKey, auth: { Authorization: `Bearer ${apiKey}` } };
}

export const createAdmin = (db: DataSource) => createUser(db, { admin: true });
