import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles (a name and a set of permissions, common/auth/permissions.ts),
 * assigned to users by an admin; and scoped API keys: a name, the scopes the
 * key is limited to (null: the key of a sign-in, as before, with all its
 * user's rights) and when it was last used.
 */
export class StaffRolesAndScopedKeys1764800000000 implements MigrationInterface {
  name = 'StaffRolesAndScopedKeys1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE roles (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        permissions text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX roles_name_idx ON roles (lower(name))`);
    await q.query(`
      CREATE TABLE role_users (
        role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      )`);
    await q.query(`CREATE INDEX role_users_role_id_idx ON role_users (role_id)`);
    await q.query(`ALTER TABLE api_keys ADD COLUMN name varchar(100), ADD COLUMN scopes text[], ADD COLUMN last_used_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN name, DROP COLUMN scopes, DROP COLUMN last_used_at`);
    await q.query(`DROP TABLE role_users`);
    await q.query(`DROP TABLE roles`);
  }
}
