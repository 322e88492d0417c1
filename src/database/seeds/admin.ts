import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/configuration';
import { apiKeyDigest, generateApiKey } from '../../common/auth/api-keys';
import { hashPassword } from '../../accounts/users/passwords';

/**
 * Makes sure the store has an admin (contract section 1): the ADMIN_EMAIL user
 * gets admin rights, ADMIN_PASSWORD and ADMIN_API_KEY when given. With no admin
 * at all and no key configured, one is created with a random key, returned to
 * be shown once (main.ts: in the closing block of the start-up log).
 */
export async function ensureAdmin(dataSource: DataSource, config: AppConfig, logger: Logger): Promise<string | undefined> {
  const existing: { id: number }[] = await dataSource.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [config.adminEmail]);
  const anyAdmin: unknown[] = await dataSource.query(`SELECT 1 FROM users WHERE admin LIMIT 1`);
  let printedKey: string | undefined;
  let key = config.adminApiKey;
  if (!key && anyAdmin.length === 0) key = printedKey = generateApiKey();
  if (existing.length === 0) {
    if (!key && !config.adminPassword) return undefined;
    const password = config.adminPassword ?? randomBytes(24).toString('base64url');
    const [{ id }] = await dataSource.query(`INSERT INTO users (email, encrypted_password, admin, email_verified_at) VALUES ($1, $2, true, now()) RETURNING id`, [
      config.adminEmail,
      await hashPassword(password, config.passwordHashCost),
    ]);
    existing.push({ id });
  } else {
    await dataSource.query(
      `UPDATE users SET admin = true, encrypted_password = COALESCE($2, encrypted_password), updated_at = now() WHERE id = $1`,
      [existing[0].id, config.adminPassword ? await hashPassword(config.adminPassword, config.passwordHashCost) : null],
    );
  }
  if (key) {
    await dataSource.query(`INSERT INTO api_keys (user_id, digest) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING`, [existing[0].id, apiKeyDigest(key)]);
  }
  if (printedKey) logger.log(`Created admin ${config.adminEmail}; its API key is shown once the service is ready`);
  return printedKey;
}
