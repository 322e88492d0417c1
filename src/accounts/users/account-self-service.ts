import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ACCOUNT_MAIL, AccountMail } from './account-mail';
import { clearToken, findByToken, TokenSlot } from './account-tokens';
import { User } from './entities/user.entity';
import { PasswordResetDto } from './dto/user-params.dto';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords';
import { UsersService } from './users.service';

const TOKEN_INVALID = 'is invalid';
const TOKEN_EXPIRED = 'has expired, please request a new one';

/**
 * What a customer does without an API key: asks for a password reset link
 * and uses it, confirms an e-mail (a new address, or the sign-up's) and asks
 * for that link again. The requests by e-mail answer the same whoever has the
 * address (see AccountMail.request); the links are one-time tokens
 * (account-tokens.ts).
 */
@Injectable()
export class AccountSelfService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ACCOUNT_MAIL) private readonly mail: AccountMail,
    private readonly users: UsersService,
  ) {}

  /** POST /api/passwords, POST /api/confirmations: queued whoever has the address; nothing is told. */
  async request(kind: 'password_reset' | 'email_verification', email: string): Promise<void> {
    const errors = new FieldErrorCollector();
    if (email.trim() === '') errors.add('email', "can't be blank");
    errors.throwIfAny();
    await this.dataSource.transaction((em) => this.mail.request(em, kind, email.trim()));
  }

  /**
   * PUT /api/passwords/:token: the new password, the token used up, and every
   * API key of the user revoked (whoever had the old password, or a key, is
   * signed out). Following the link proves the mailbox: the e-mail counts as
   * verified.
   */
  async resetPassword(token: string, params: PasswordResetDto): Promise<User> {
    return this.dataSource.transaction(async (em) => {
      const errors = new FieldErrorCollector();
      const holder = await this.holder(em, 'password_reset', token, errors);
      if (!params.password) errors.add('password', "can't be blank");
      else {
        if (params.password.length < PASSWORD_MIN) errors.add('password', `is too short (minimum is ${PASSWORD_MIN} characters)`);
        if (Buffer.byteLength(params.password) > PASSWORD_MAX) errors.add('password', `is too long (maximum is ${PASSWORD_MAX} characters)`);
      }
      if (!params.password_confirmation) errors.add('password_confirmation', "can't be blank");
      else if (params.password && params.password_confirmation !== params.password) errors.add('password_confirmation', "doesn't match Password");
      errors.throwIfAny();
      await em.query(`UPDATE users SET encrypted_password = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1`, [
        holder!,
        await hashPassword(params.password, this.config.passwordHashCost),
      ]);
      await clearToken(em, holder!, 'password_reset');
      await em.query(`DELETE FROM api_keys WHERE user_id = $1`, [holder]);
      return this.users.findVisible({ userId: holder!, email: null, admin: false }, holder!, em);
    });
  }

  /**
   * PUT /api/confirmations/:token: a new e-mail waiting for confirmation
   * becomes the account's (422 on `email` if another account took it
   * meanwhile), or the sign-up's e-mail is verified.
   */
  async confirm(token: string): Promise<User> {
    return this.dataSource.transaction(async (em) => {
      const errors = new FieldErrorCollector();
      const holder = await this.holder(em, 'confirmation', token, errors);
      errors.throwIfAny();
      const [user]: Array<{ email: string; unconfirmed_email: string | null }> = await em.query(`SELECT email, unconfirmed_email FROM users WHERE id = $1`, [holder]);
      if (user.unconfirmed_email) {
        const taken = await em.query(`SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2`, [user.unconfirmed_email, holder]);
        if (taken.length > 0) throw InvalidResourceError.field('email', 'has already been taken');
        await em.query(`UPDATE users SET email = unconfirmed_email, unconfirmed_email = NULL, email_verified_at = now(), updated_at = now() WHERE id = $1`, [holder]);
      } else {
        await em.query(`UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1`, [holder]);
      }
      await clearToken(em, holder!, 'confirmation');
      return this.users.findVisible({ userId: holder!, email: null, admin: false }, holder!, em);
    });
  }

  /** The user a token belongs to, locked; a fault on `token` when none does or it has expired. */
  private async holder(em: EntityManager, slot: TokenSlot, token: string, errors: FieldErrorCollector): Promise<number | undefined> {
    const found = await findByToken(em, slot, token);
    if (!found) errors.add('token', TOKEN_INVALID);
    else if (found.expired) errors.add('token', TOKEN_EXPIRED);
    else return found.id;
    return undefined;
  }
}
