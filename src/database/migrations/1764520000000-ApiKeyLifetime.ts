import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An API key's end (API_KEY_TTL): set when the key is issued, null for a key
 * that works until revoked (every key made before, ADMIN_API_KEY, or no
 * API_KEY_TTL). A key past it is refused as an invalid one.
 */
export class ApiKeyLifetime1764520000000 implements MigrationInterface {
  name = 'ApiKeyLifetime1764520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN expires_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN expires_at`);
  }
}
