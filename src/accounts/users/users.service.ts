import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsRelations } from 'typeorm';
import { apiKeyDigest, generateApiKey } from '../../common/auth/api-keys';
import { Caller, isFullAdmin } from '../../common/auth/caller';
import { findOrFail } from '../../common/db/find-or-fail';
import { raiseEvent, registerEventRenderer } from '../../common/events/events';
import { serializeUser } from './user.serializer';
import { ErrorText, FieldErrorCollector, NotFoundError, UnauthorizedError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { AddressesService } from '../../geography/addresses/addresses.service';
import { User } from './entities/user.entity';
import { CreateUserDto, UpdateUserDto } from './dto/user-params.dto';
import { dummyPasswordHash, hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords';
import { isEmail } from '../../common/params/email';
import { countAttempt } from '../../common/http/rate-limit/rate-limit.interceptor';
import { RateLimiter } from '../../common/http/rate-limit/rate-limiter';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { SIGN_IN } from './rate-limits';
import { ACCOUNT_MAIL, AccountMail } from './account-mail';
import { issueToken } from './account-tokens';

export const USER_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'user.id', type: 'integer' },
    email: { expression: 'user.email', type: 'string' },
    created_at: { expression: 'user.created_at', type: 'datetime' },
    updated_at: { expression: 'user.updated_at', type: 'datetime' },
  },
  defaultOrder: { 'user.id': 'ASC' },
};

/** A key just made: shown to its holder once, with when it stops working (null: until revoked). */
export interface IssuedApiKey {
  apiKey: string;
  expiresAt: Date | null;
}

const WITH_ADDRESSES: FindOptionsRelations<User> = { billAddress: { country: true, state: true }, shipAddress: { country: true, state: true } };

@Injectable()
export class UsersService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly addresses: AddressesService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ACCOUNT_MAIL) private readonly mail: AccountMail,
  ) {}

  /** User events carry the user's JSON as an admin's GET /api/users/:id shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'user', async (em, id) => serializeUser(await this.findVisible({ userId: null, email: null, admin: true }, id, em)));
  }

  /** Admins see everyone; a user sees only itself (Spree's accessible_by). */
  async list(caller: Caller, params: ListParams): Promise<Page<User>> {
    const qb = this.dataSource.getRepository(User).createQueryBuilder('user');
    if (!caller.admin) qb.where('user.id = :id', { id: caller.userId ?? 0 });
    const page = await findPage(qb, USER_SEARCH, params);
    const ids = page.items.map((u) => u.id);
    const loaded = ids.length ? await this.dataSource.getRepository(User).find({ where: ids.map((id) => ({ id })), relations: WITH_ADDRESSES }) : [];
    const byId = new Map(loaded.map((u) => [u.id, u]));
    return { ...page, items: page.items.map((u) => byId.get(u.id)!) };
  }

  /** A user the caller may see: admins any, others only themselves; anything else is 404. */
  async findVisible(caller: Caller, id: number, em: EntityManager = this.dataSource.manager): Promise<User> {
    if (!caller.admin && caller.userId !== id) throw new NotFoundError();
    const user = await findOrFail(em, User, { id }, { relations: WITH_ADDRESSES });
    return user;
  }

  /**
   * Sign-up. With REQUIRE_EMAIL_VERIFICATION the new user is mailed a link
   * to confirm the e-mail and signs in once it is used. A user made by an
   * admin (or the command line: `verified`) counts as verified and gets no mail.
   */
  async create(params: CreateUserDto, options: { verified?: boolean } = {}): Promise<User> {
    const errors = new FieldErrorCollector();
    this.checkEmail(params.email, errors);
    this.checkPassword(params.password, params.password_confirmation, errors, true);
    return this.dataSource.transaction(async (em) => {
      await this.checkEmailFree(em, params.email, undefined, errors);
      errors.throwIfAny();
      const email = params.email.trim();
      const user = await em.save(User, em.create(User, { email, encryptedPassword: await hashPassword(params.password, this.config.passwordHashCost), admin: false, emailVerifiedAt: options.verified ? new Date() : null }));
      if (!options.verified && this.config.accounts.requireEmailVerification) {
        const token = await issueToken(em, user.id, 'confirmation', this.config.accounts.emailConfirmationTtlSeconds);
        await this.mail.send(em, { kind: 'email_verification', to: email, userId: user.id, token });
      }
      raiseEvent(em, 'user.created', { resource: 'user', id: user.id });
      return this.findVisible({ userId: user.id, email: user.email, admin: false }, user.id, em);
    });
  }

  /** `clientAddress`: where the request comes from, for the sign-in rate limits a current password counts against. */
  async update(caller: Caller, id: number, params: UpdateUserDto, clientAddress: string | undefined): Promise<User> {
    const errors = new FieldErrorCollector();
    // Checked before the transaction: bcrypt's work and the rate-limit counters hold no row and no second connection.
    const proven = await this.proveCurrentPassword(caller, id, params, clientAddress, errors);
    return this.dataSource.transaction(async (em) => {
      const user = await this.findVisible(caller, id, em);
      await this.refuseTakeOver(em, caller, user);
      if (proven !== undefined) {
        // The password may have changed since it was checked: a stale proof proves nothing.
        const [row] = await em.query(`SELECT encrypted_password FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
        if (row?.encrypted_password !== proven) errors.add('current_password', 'is invalid');
      }
      if (params.email !== undefined) {
        this.checkEmail(params.email, errors);
        await this.checkEmailFree(em, params.email ?? '', user.id, errors);
      }
      if (params.password !== undefined) this.checkPassword(params.password, params.password_confirmation, errors, true);
      errors.throwIfAny();
      if (params.email !== undefined) await this.changeEmail(em, caller, user, params.email.trim());
      if (params.password) user.encryptedPassword = await hashPassword(params.password, this.config.passwordHashCost);
      if (params.bill_address_attributes) {
        user.billAddress = await this.addresses.saveInBook(em, user.id, params.bill_address_attributes, user.billAddress ?? undefined, 'bill_address.');
        user.billAddressId = user.billAddress.id;
      }
      if (params.ship_address_attributes) {
        user.shipAddress = await this.addresses.saveInBook(em, user.id, params.ship_address_attributes, user.shipAddress ?? undefined, 'ship_address.');
        user.shipAddressId = user.shipAddress.id;
      }
      await em.save(User, user);
      if (params.password) await this.revokeOtherKeys(em, caller, user.id);
      return this.findVisible(caller, id, em);
    });
  }

  /**
   * A new e-mail. The user's own change waits for the new address to confirm
   * it (a link mailed there; `unconfirmed_email` meanwhile) and the old
   * address is told, so an API key alone cannot move an account to another
   * mailbox unnoticed. An admin's change of another user applies at once; the
   * old address is told too. Sending the e-mail the account has cancels a
   * change waiting for confirmation.
   */
  private async changeEmail(em: EntityManager, caller: Caller, user: User, email: string): Promise<void> {
    const old = user.email;
    if (email.toLowerCase() === old.toLowerCase()) {
      if (user.unconfirmedEmail !== null) {
        await em.query(`UPDATE users SET unconfirmed_email = NULL, confirmation_digest = NULL, confirmation_expires_at = NULL WHERE id = $1`, [user.id]);
        user.unconfirmedEmail = null;
      }
      user.email = email;
      return;
    }
    const context = { old_email: old, new_email: email };
    if (caller.admin && caller.userId !== user.id) {
      user.email = email;
      await this.mail.send(em, { kind: 'email_change_notice', to: old, userId: user.id, context });
      return;
    }
    const token = await issueToken(em, user.id, 'confirmation', this.config.accounts.emailConfirmationTtlSeconds, { unconfirmedEmail: email });
    user.unconfirmedEmail = email;
    await this.mail.send(em, { kind: 'email_confirmation', to: email, userId: user.id, token, context });
    await this.mail.send(em, { kind: 'email_change_notice', to: old, userId: user.id, context: { ...context, pending: 'true' } });
  }

  /** The user's default bill and ship addresses (addresses of the user's book, or null). */
  async setDefaultAddresses(em: EntityManager, userId: number, defaults: { billAddressId: number | null; shipAddressId: number | null }): Promise<void> {
    await em.query(`UPDATE users SET bill_address_id = $2, ship_address_id = $3, updated_at = now() WHERE id = $1`, [userId, defaults.billAddressId, defaults.shipAddressId]);
  }

  /** Deletes the user's row (its API keys go with it); privacy/ anonymises what refers to it first. */
  async deleteRow(em: EntityManager, userId: number): Promise<void> {
    await em.delete(User, { id: userId });
  }

  /**
   * An API key alone must not take over its account (OWASP API2): changing the
   * password or the e-mail needs the current password, as Devise's
   * update_with_password, unless an admin changes another user. Each check
   * counts as a sign-in attempt on the account and the client address, so a
   * key holder guesses no faster here than at POST /api/sessions. Answers the
   * hash the password was checked against (undefined: nothing to prove, or a
   * fault added to `errors`).
   */
  private async proveCurrentPassword(caller: Caller, id: number, params: UpdateUserDto, clientAddress: string | undefined, errors: FieldErrorCollector): Promise<string | undefined> {
    if (params.email === undefined && params.password === undefined) return undefined;
    const user = await this.findVisible(caller, id);
    if (caller.admin && caller.userId !== user.id) return undefined;
    // An e-mail sent unchanged (a whole form posted back) changes nothing.
    if (params.password === undefined && (params.email ?? '').trim() === user.email) return undefined;
    if (!params.current_password) {
      errors.add('current_password', "can't be blank");
      return undefined;
    }
    const accountBucket = await countAttempt(this.limiter, this.config, SIGN_IN, user.email, clientAddress);
    const [row] = await this.dataSource.query(`SELECT encrypted_password FROM users WHERE id = $1`, [user.id]);
    // bcrypt's compare, as at sign-in: its time does not depend on how much of the guess is right.
    if (!row || !(await verifyPassword(params.current_password, row.encrypted_password))) {
      errors.add('current_password', 'is invalid');
      return undefined;
    }
    // As a successful sign-in does (see SIGN_IN): whoever knows the password starts afresh.
    if (accountBucket && SIGN_IN.resetAccountOnSuccess) await this.limiter.reset(accountBucket);
    return row.encrypted_password;
  }

  /** Checks the password and issues a new API key for this sign-in. */
  async signIn(email: string, password: string): Promise<IssuedApiKey & { user: User }> {
    const found = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect('user.encryptedPassword')
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .getOne();
    // Compare against a dummy hash when the email is unknown, so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, found?.encryptedPassword ?? (await dummyPasswordHash(this.config.passwordHashCost)));
    if (!found || !ok) throw new UnauthorizedError(ErrorText.invalidCredentials);
    // Told only to whoever knows the password: it says nothing about which e-mails have accounts.
    if (this.config.accounts.requireEmailVerification && !found.emailVerifiedAt) throw new UnauthorizedError(ErrorText.unconfirmedEmail);
    const issued = await this.issueApiKey(this.dataSource.manager, found.id);
    return { ...issued, user: await this.findVisible({ userId: found.id, email: found.email, admin: found.admin }, found.id) };
  }

  /** Sign-out: the key the request was made with stops working; a request without one is refused. */
  async signOut(caller: Caller): Promise<void> {
    if (caller.apiKeyId === undefined) throw new UnauthorizedError(ErrorText.mustSpecifyApiKey);
    await this.dataSource.query(`DELETE FROM api_keys WHERE id = $1`, [caller.apiKeyId]);
  }

  /**
   * Staff with `users:write` (and scoped keys) manage customers' accounts, not
   * those that hold rights: an admin's or another staff member's e-mail or
   * password changed would hand over its rights. Told it is not there (404).
   */
  private async refuseTakeOver(em: EntityManager, caller: Caller, user: User): Promise<void> {
    if (isFullAdmin(caller) || !caller.admin || caller.userId === user.id) return;
    const [row]: { rights: boolean }[] = await em.query(`SELECT (admin OR EXISTS (SELECT 1 FROM role_users WHERE user_id = id)) AS rights FROM users WHERE id = $1`, [user.id]);
    if (row?.rights) throw new NotFoundError();
  }

  /** Spree's `generate_spree_api_key!` (admins; the route checks): the user's keys are replaced by one new key, answered once. */
  async generateApiKey(caller: Caller, id: number): Promise<IssuedApiKey & { user: User }> {
    return this.dataSource.transaction(async (em) => {
      const user = await this.keysOwner(em, caller, id);
      await em.query(`DELETE FROM api_keys WHERE user_id = $1`, [user.id]);
      return { ...(await this.issueApiKey(em, user.id)), user };
    });
  }

  /** Spree's `clear_spree_api_key!` (admins; the route checks): every key of the user stops working; signing in makes a new one. */
  async clearApiKeys(caller: Caller, id: number): Promise<User> {
    return this.dataSource.transaction(async (em) => {
      const user = await this.keysOwner(em, caller, id);
      await em.query(`DELETE FROM api_keys WHERE user_id = $1`, [user.id]);
      return user;
    });
  }

  /** The user whose keys an admin changes, locked: two generations at once leave one key, not two. */
  private async keysOwner(em: EntityManager, caller: Caller, id: number): Promise<User> {
    // Another user's key is that user's rights: only a full admin hands them out.
    if (!isFullAdmin(caller)) throw new NotFoundError();
    const user = await this.findVisible(caller, id, em);
    await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
    return user;
  }

  /**
   * A new password ends every session but the one that set it: the user's API
   * keys from other sign-ins stop working (someone who knew the old password
   * keeps no key), the key that made the change stays. When an admin sets it,
   * all of the user's keys go.
   */
  private async revokeOtherKeys(em: EntityManager, caller: Caller, userId: number): Promise<void> {
    const keep = caller.userId === userId ? (caller.apiKeyId ?? null) : null;
    await em.query(`DELETE FROM api_keys WHERE user_id = $1 AND id IS DISTINCT FROM $2::integer`, [userId, keep]);
  }

  /** Makes a user an admin (the command line's `--admin`: the API never grants it). */
  async makeAdmin(userId: number): Promise<void> {
    await this.dataSource.query('UPDATE users SET admin = true WHERE id = $1', [userId]);
  }

  /**
   * A new API key for a user; only its digest is stored. With API_KEY_TTL it
   * ends that long from now (the database's clock, which checks it), and the
   * user's keys already ended are cleared away.
   */
  async issueApiKey(em: EntityManager, userId: number): Promise<IssuedApiKey> {
    const apiKey = generateApiKey();
    const ttl = this.config.apiKeyTtlSeconds;
    const [row]: { expires_at: Date | null }[] = await em.query(
      `INSERT INTO api_keys (user_id, digest, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::integer)) RETURNING expires_at`,
      [userId, apiKeyDigest(apiKey), ttl],
    );
    if (ttl !== null) await em.query(`DELETE FROM api_keys WHERE user_id = $1 AND expires_at <= now()`, [userId]);
    return { apiKey, expiresAt: row.expires_at };
  }

  private checkEmail(email: string | null | undefined, errors: FieldErrorCollector): void {
    if (!email || email.trim() === '') errors.add('email', "can't be blank");
    else if (!isEmail(email.trim())) errors.add('email', 'is invalid');
  }

  private async checkEmailFree(em: EntityManager, email: string, exceptId: number | undefined, errors: FieldErrorCollector): Promise<void> {
    if (!email) return;
    const rows: { id: number }[] = await em.query('SELECT id FROM users WHERE lower(email) = lower($1)', [email.trim()]);
    if (rows.some((r) => r.id !== exceptId)) errors.add('email', 'has already been taken');
  }

  private checkPassword(password: string | null | undefined, confirmation: string | undefined, errors: FieldErrorCollector, required: boolean): void {
    if (!password) {
      if (required) errors.add('password', "can't be blank");
      return;
    }
    if (password.length < PASSWORD_MIN) errors.add('password', `is too short (minimum is ${PASSWORD_MIN} characters)`);
    if (Buffer.byteLength(password) > PASSWORD_MAX) errors.add('password', `is too long (maximum is ${PASSWORD_MAX} characters)`);
    if (confirmation !== undefined && confirmation !== password) errors.add('password_confirmation', "doesn't match Password");
  }
}
