import { linkToken, mailTestEnv, TestMailServer } from '../support/mail-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

const INVALID = 'Invalid resource. Please fix errors and try again.';

// Issue 30: a new e-mail is confirmed by the new address (the old one is told); sign-up verification when REQUIRE_EMAIL_VERIFICATION.
describe('e-mail confirmation', () => {
  let smtp: TestMailServer;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await TestMailServer.start();
    t = await createTestApp({ ...mailTestEnv(smtp), ACCOUNT_MAIL_IP_RATE_LIMIT: 'off' });
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const signIn = (email: string, password: string) => t.http().post('/api/sessions').send({ email, password });

  it("a user's new e-mail waits for the link mailed to it; the old address is told; the link makes it the e-mail, once", async () => {
    const user = await createUser(t.db);
    const newEmail = `moved-${user.id}@example.net`;
    const res = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { email: newEmail, current_password: user.password } }).expect(200);
    expect(res.body).toMatchObject({ email: user.email, unconfirmed_email: newEmail });

    const [confirm] = await smtp.waitFor(newEmail);
    expect(confirm.subject).toBe('Test Shop: confirm your new e-mail address');
    expect(confirm.text).toContain(`Please confirm ${newEmail} as the e-mail address of your account (now ${user.email})`);
    expect(confirm.text).toMatch(/https:\/\/shop\.test\/email\/confirm\?token=/);
    const [notice] = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Test Shop: the e-mail address of your account is about to change');
    expect(notice.text).toContain(`from ${user.email} to ${newEmail}`);
    expect(notice.text).not.toMatch(/token=/);

    // Until confirmed, the account signs in with the old e-mail only.
    await signIn(newEmail, user.password).expect(401);
    const confirmed = await t.http().put(`/api/confirmations/${linkToken(confirm)}`).expect(200);
    expect(confirmed.body).toMatchObject({ id: user.id, email: newEmail, unconfirmed_email: null, email_verified_at: expect.any(String) });
    await signIn(newEmail, user.password).expect(201);
    await signIn(user.email, user.password).expect(401);
    await t.http().patch(`/api/confirmations/${linkToken(confirm)}`).expect(422, { error: INVALID, errors: { token: ['is invalid'] } });
  });

  it('sending the current e-mail again cancels a change waiting for confirmation; a taken e-mail is refused at confirmation', async () => {
    const user = await createUser(t.db);
    const wanted = `wanted-${user.id}@example.net`;
    await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { email: wanted, current_password: user.password } }).expect(200);
    const [first] = await smtp.waitFor(wanted);
    const cancelled = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { email: user.email } }).expect(200);
    expect(cancelled.body.unconfirmed_email).toBeNull();
    await t.http().put(`/api/confirmations/${linkToken(first)}`).expect(422, { error: INVALID, errors: { token: ['is invalid'] } });

    await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { email: wanted, current_password: user.password } }).expect(200);
    const second = (await smtp.waitFor(wanted, 2))[1];
    // Meanwhile someone signs up with it.
    await t.http().post('/api/users').send({ user: { email: wanted, password: 'secret123' } }).expect(201);
    await t.http().put(`/api/confirmations/${linkToken(second)}`).expect(422, { error: INVALID, errors: { email: ['has already been taken'] } });
    expect((await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200)).body.email).toBe(user.email);
  });

  it("an admin's change of another user applies at once, and the old address is told", async () => {
    const user = await createUser(t.db);
    const newEmail = `by-admin-${user.id}@example.net`;
    const res = await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { email: newEmail } }).expect(200);
    expect(res.body).toMatchObject({ email: newEmail, unconfirmed_email: null });
    const [notice] = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Test Shop: the e-mail address of your account has changed');
    expect(notice.text).toContain(`changed from ${user.email} to ${newEmail}`);
    expect(smtp.to(newEmail)).toEqual([]);
  });

  describe('with REQUIRE_EMAIL_VERIFICATION', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ ...mailTestEnv(smtp), REQUIRE_EMAIL_VERIFICATION: 'true', ACCOUNT_MAIL_IP_RATE_LIMIT: 'off' });
    });
    afterAll(() => strict.close());

    it('a customer who signs up signs in once the link mailed is used; asking again voids the first link', async () => {
      const email = `signup-${Date.now()}@example.com`;
      const created = await strict.http().post('/api/users').send({ user: { email, password: 'secret123' } }).expect(201);
      expect(created.body).toMatchObject({ email, email_verified_at: null });
      await strict.http().post('/api/sessions').send({ email, password: 'secret123' }).expect(401, { error: 'You have to confirm your email address before continuing.' });
      // A wrong password is told as before: the unconfirmed state shows only to whoever knows the password.
      await strict.http().post('/api/sessions').send({ email, password: 'wrong-one' }).expect(401, { error: 'Invalid email or password.' });

      const [welcome] = await smtp.waitFor(email);
      expect(welcome.subject).toBe('Test Shop: confirm your e-mail address');
      await strict.http().post('/api/confirmations').send({ user: { email } }).expect(202, {});
      const again = (await smtp.waitFor(email, 2))[1];
      await strict.http().put(`/api/confirmations/${linkToken(welcome)}`).expect(422, { error: INVALID, errors: { token: ['is invalid'] } });
      const verified = await strict.http().put(`/api/confirmations/${linkToken(again)}`).expect(200);
      expect(verified.body.email_verified_at).not.toBeNull();
      await strict.http().post('/api/sessions').send({ email, password: 'secret123' }).expect(201);

      // Verified: asking again mails nothing, and answers the same.
      await strict.http().post('/api/confirmations').send({ user: { email } }).expect(202, {});
      const other = await createUser(strict.db);
      await strict.http().post('/api/passwords').send({ user: { email: other.email } }).expect(202);
      await smtp.waitFor(other.email);
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.to(email)).toHaveLength(2);
    });

    it('users made by an admin, and those that existed before, sign in without a link', async () => {
      const strictAdmin = await createAdmin(strict.db);
      const made = await strict.http().post('/api/users').set(strictAdmin.auth).send({ user: { email: `made-${Date.now()}@example.com`, password: 'secret123' } }).expect(201);
      expect(made.body.email_verified_at).not.toBeNull();
      await strict.http().post('/api/sessions').send({ email: made.body.email, password: 'secret123' }).expect(201);
      const existing = await createUser(strict.db);
      await strict.http().post('/api/sessions').send({ email: existing.email, password: existing.password }).expect(201);
    });

    it('a password reset link proves the mailbox: the e-mail counts as verified', async () => {
      const email = `reset-verifies-${Date.now()}@example.com`;
      await strict.http().post('/api/users').send({ user: { email, password: 'secret123' } }).expect(201);
      await smtp.waitFor(email);
      await strict.http().post('/api/passwords').send({ user: { email } }).expect(202);
      const reset = (await smtp.waitFor(email, 2))[1];
      expect(reset.subject).toBe('Test Shop: reset your password');
      const res = await strict.http().put(`/api/passwords/${linkToken(reset)}`).send({ user: { password: 'newpass123', password_confirmation: 'newpass123' } }).expect(200);
      expect(res.body.email_verified_at).not.toBeNull();
      await strict.http().post('/api/sessions').send({ email, password: 'newpass123' }).expect(201);
    });
  });
});
