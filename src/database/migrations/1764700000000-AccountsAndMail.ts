import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts that look after themselves and the shop's mail (issue 30):
 * - users: a password reset and an e-mail confirmation, each one token at a
 *   time kept as its SHA-256 digest with when it expires (a new one replaces
 *   the old, using it clears it); the e-mail waiting for confirmation; when
 *   the e-mail was verified (users that exist already count as verified);
 * - addresses: the user whose address book holds it (the user's bill and
 *   ship addresses join their book);
 * - mail_deliveries: every mail the shop sends, its state and attempts; the
 *   one-time token an account mail carries sits here sealed with SECRET_KEY
 *   until the mail is sent, then goes.
 */
export class AccountsAndMail1764700000000 implements MigrationInterface {
  name = 'AccountsAndMail1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN reset_password_digest char(64),
        ADD COLUMN reset_password_expires_at timestamptz,
        ADD COLUMN unconfirmed_email varchar(255),
        ADD COLUMN confirmation_digest char(64),
        ADD COLUMN confirmation_expires_at timestamptz,
        ADD COLUMN email_verified_at timestamptz`);
    await q.query(`UPDATE users SET email_verified_at = created_at`);
    await q.query(`CREATE UNIQUE INDEX users_reset_password_digest ON users (reset_password_digest) WHERE reset_password_digest IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX users_confirmation_digest ON users (confirmation_digest) WHERE confirmation_digest IS NOT NULL`);

    await q.query(`ALTER TABLE addresses ADD COLUMN user_id integer REFERENCES users (id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX addresses_user_id ON addresses (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`
      UPDATE addresses a SET user_id = u.id FROM users u
       WHERE a.id IN (u.bill_address_id, u.ship_address_id)`);

    await q.query(`
      CREATE TABLE mail_deliveries (
        id bigserial PRIMARY KEY,
        kind varchar(40) NOT NULL,
        -- the event a mail tells of (null for an account mail or a resend)
        event_id bigint REFERENCES events (id) ON DELETE SET NULL,
        -- the resource the event is about: an order, a shipment, a payment, a return authorization
        subject_id integer,
        order_id integer REFERENCES orders (id) ON DELETE SET NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        recipient varchar(320),
        subject varchar(998),
        -- what the templates are given (never a secret)
        context json,
        -- the one-time token of an account mail, sealed, until the mail is sent or has failed
        secret_sealed text,
        resent_from_id bigint REFERENCES mail_deliveries (id) ON DELETE SET NULL,
        state varchar(16) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        error text,
        response text,
        next_attempt_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One mail per event and kind, whichever relay takes it; resends are mails of their own.
    await q.query(`CREATE UNIQUE INDEX mail_deliveries_event_kind ON mail_deliveries (event_id, kind) WHERE event_id IS NOT NULL`);
    await q.query(`CREATE INDEX mail_deliveries_order ON mail_deliveries (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE INDEX mail_deliveries_user ON mail_deliveries (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_deliveries`);
    await q.query(`ALTER TABLE addresses DROP COLUMN user_id`);
    await q.query(`
      ALTER TABLE users
        DROP COLUMN reset_password_digest, DROP COLUMN reset_password_expires_at, DROP COLUMN unconfirmed_email,
        DROP COLUMN confirmation_digest, DROP COLUMN confirmation_expires_at, DROP COLUMN email_verified_at`);
  }
}
