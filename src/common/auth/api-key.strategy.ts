import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { DataSource } from 'typeorm';
import { apiKeyDigest } from './api-keys';
import type { Caller } from './caller';

interface KeyRow {
  id: number;
  email: string;
  admin: boolean;
  key_id: number;
  scopes: string[] | null;
  permissions: string[] | null;
  stale: boolean;
}

/**
 * Resolves an API key (sent as a bearer token) to its user, with the
 * permissions of the user's staff roles and the key's scopes; a key past its
 * end (API_KEY_TTL, or a scoped key's expiry) matches none.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async validate(token: string): Promise<Caller | false> {
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT u.id, u.email, u.admin, k.id AS key_id, k.scopes,
              (SELECT array_agg(DISTINCT p) FROM role_users ru JOIN roles r ON r.id = ru.role_id CROSS JOIN unnest(r.permissions) p WHERE ru.user_id = u.id) AS permissions,
              (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS stale
         FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.digest = $1 AND (k.expires_at IS NULL OR k.expires_at > now())`,
      [apiKeyDigest(token)],
    );
    if (rows.length === 0) return false;
    const row = rows[0];
    // Last use, to the minute: one write a minute per key, not one per request.
    if (row.stale) await this.dataSource.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [row.key_id]);
    return {
      userId: row.id,
      email: row.email,
      admin: row.admin,
      apiKeyId: row.key_id,
      ...(row.permissions?.length ? { permissions: new Set(row.permissions) } : {}),
      ...(row.scopes ? { scopes: new Set(row.scopes) } : {}),
    };
  }
}
