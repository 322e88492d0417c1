import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { apiKeyDigest, generateApiKey } from '../../common/auth/api-keys';
import { isPermission } from '../../common/auth/permissions';
import { FieldErrorCollector, NotFoundError } from '../../common/errors/api-errors';
import { CreateApiKeyDto, CreateRoleDto, UpdateRoleDto } from './dto/role.dto';
import type { ApiKeyRow, RoleRow } from './roles.serializer';

const ROLE_COLUMNS = 'id, name, permissions, created_at, updated_at';
const KEY_COLUMNS = 'id, name, scopes, created_at, last_used_at, expires_at';

/** Staff roles and scoped API keys (full admins only: the routes check). */
@Injectable()
export class RolesService {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<RoleRow[]> {
    return this.dataSource.query(`SELECT ${ROLE_COLUMNS} FROM roles ORDER BY id`);
  }

  async find(id: number, em: EntityManager = this.dataSource.manager): Promise<RoleRow> {
    const [row]: RoleRow[] = await em.query(`SELECT ${ROLE_COLUMNS} FROM roles WHERE id = $1`, [id]);
    if (!row) throw new NotFoundError();
    return row;
  }

  create(params: CreateRoleDto): Promise<RoleRow> {
    return this.dataSource.transaction(async (em) => {
      const errors = new FieldErrorCollector();
      this.checkName(params.name, errors);
      this.checkPermissions('permissions', params.permissions ?? [], errors);
      await this.checkNameFree(em, params.name, undefined, errors);
      errors.throwIfAny();
      const [row]: RoleRow[] = await em.query(`INSERT INTO roles (name, permissions) VALUES ($1, $2) RETURNING ${ROLE_COLUMNS}`, [params.name.trim(), params.permissions ?? []]);
      return row;
    });
  }

  update(id: number, params: UpdateRoleDto): Promise<RoleRow> {
    return this.dataSource.transaction(async (em) => {
      const role = await this.find(id, em);
      const errors = new FieldErrorCollector();
      if (params.name !== undefined) {
        this.checkName(params.name, errors);
        await this.checkNameFree(em, params.name ?? '', id, errors);
      }
      if (params.permissions !== undefined) this.checkPermissions('permissions', params.permissions ?? [], errors);
      errors.throwIfAny();
      // TypeORM answers an UPDATE or DELETE on PostgreSQL with [rows, count].
      const [[row]]: [RoleRow[], number] = await em.query(`UPDATE roles SET name = $2, permissions = $3, updated_at = now() WHERE id = $1 RETURNING ${ROLE_COLUMNS}`, [
        id,
        params.name?.trim() ?? role.name,
        params.permissions === undefined ? role.permissions : (params.permissions ?? []),
      ]);
      return row;
    });
  }

  /** Its users lose its permissions at their next request (they are read with the key, every request). */
  async remove(id: number): Promise<void> {
    const [rows]: [unknown[], number] = await this.dataSource.query(`DELETE FROM roles WHERE id = $1 RETURNING id`, [id]);
    if (rows.length === 0) throw new NotFoundError();
  }

  async rolesOf(userId: number, em: EntityManager = this.dataSource.manager): Promise<RoleRow[]> {
    await this.userExists(em, userId);
    return em.query(`SELECT ${ROLE_COLUMNS.replace(/(\w+)/g, 'r.$1')} FROM roles r JOIN role_users ru ON ru.role_id = r.id WHERE ru.user_id = $1 ORDER BY r.id`, [userId]);
  }

  /** Replaces the user's roles. */
  setRoles(userId: number, roleIds: number[]): Promise<RoleRow[]> {
    return this.dataSource.transaction(async (em) => {
      await this.userExists(em, userId, true);
      const ids = [...new Set(roleIds)];
      const found: { id: number }[] = await em.query(`SELECT id FROM roles WHERE id = ANY($1::integer[])`, [ids]);
      if (found.length !== ids.length) {
        const errors = new FieldErrorCollector();
        errors.add('role_ids', 'is invalid');
        errors.throwIfAny();
      }
      await em.query(`DELETE FROM role_users WHERE user_id = $1`, [userId]);
      await em.query(`INSERT INTO role_users (user_id, role_id) SELECT $1, unnest($2::integer[])`, [userId, ids]);
      return this.rolesOf(userId, em);
    });
  }

  async keysOf(userId: number): Promise<ApiKeyRow[]> {
    await this.userExists(this.dataSource.manager, userId);
    return this.dataSource.query(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY id`, [userId]);
  }

  /** A scoped key for the user, answered once with the key itself; only its digest is kept. */
  createKey(userId: number, params: CreateApiKeyDto): Promise<ApiKeyRow & { api_key: string }> {
    return this.dataSource.transaction(async (em) => {
      await this.userExists(em, userId, true);
      const errors = new FieldErrorCollector();
      this.checkName(params.name, errors);
      if (!params.scopes || params.scopes.length === 0) errors.add('scopes', "can't be blank");
      else this.checkPermissions('scopes', params.scopes, errors);
      if (params.expires_at && params.expires_at.getTime() <= Date.now()) errors.add('expires_at', 'must be in the future');
      errors.throwIfAny();
      const key = generateApiKey();
      const [row]: ApiKeyRow[] = await em.query(`INSERT INTO api_keys (user_id, digest, name, scopes, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${KEY_COLUMNS}`, [
        userId,
        apiKeyDigest(key),
        params.name.trim(),
        params.scopes,
        params.expires_at ?? null,
      ]);
      return { ...row, api_key: key };
    });
  }

  /** Revokes one key of the user: it stops working at once. */
  async revokeKey(userId: number, keyId: number): Promise<void> {
    const [rows]: [unknown[], number] = await this.dataSource.query(`DELETE FROM api_keys WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, keyId]);
    if (rows.length === 0) throw new NotFoundError();
  }

  private async userExists(em: EntityManager, userId: number, lock = false): Promise<void> {
    const rows: unknown[] = await em.query(`SELECT id FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
    if (rows.length === 0) throw new NotFoundError();
  }

  private checkName(name: string | null | undefined, errors: FieldErrorCollector): void {
    if (!name || name.trim() === '') errors.add('name', "can't be blank");
  }

  private async checkNameFree(em: EntityManager, name: string, exceptId: number | undefined, errors: FieldErrorCollector): Promise<void> {
    if (!name || name.trim() === '') return;
    const rows: { id: number }[] = await em.query(`SELECT id FROM roles WHERE lower(name) = lower($1)`, [name.trim()]);
    if (rows.some((r) => r.id !== exceptId)) errors.add('name', 'has already been taken');
  }

  private checkPermissions(field: string, values: string[], errors: FieldErrorCollector): void {
    const unknown = values.filter((v) => !isPermission(v));
    if (unknown.length) errors.add(field, `has unknown permissions: ${unknown.join(', ')}`);
  }
}
