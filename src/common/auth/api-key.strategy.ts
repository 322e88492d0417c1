import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { DataSource } from 'typeorm';
import { apiKeyDigest } from './api-keys';
import type { Caller } from './caller';

/** Resolves an API key (sent as a bearer token) to its user; a key past its end (API_KEY_TTL) matches none. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async validate(token: string): Promise<Caller | false> {
    const rows: { id: number; email: string; admin: boolean; key_id: number }[] = await this.dataSource.query(
      'SELECT u.id, u.email, u.admin, k.id AS key_id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.digest = $1 AND (k.expires_at IS NULL OR k.expires_at > now())',
      [apiKeyDigest(token)],
    );
    if (rows.length === 0) return false;
    return { userId: rows[0].id, email: rows[0].email, admin: rows[0].admin, apiKeyId: rows[0].key_id };
  }
}
