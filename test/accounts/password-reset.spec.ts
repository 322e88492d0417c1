import { linkToken, mailTestEnv, TestMailServer } from '../support/mail-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';
import { eventually } from '../support/webhook-receiver';

const INVALID = 'Invalid resource. Please fix errors and try again.';

// Issue 30: a customer who forgot the password gets a one-time link by mail (a real SMTP server on loopback).
describe('password reset', () => {
  let smtp: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await TestMailServer.start();
    // The per-address limit is lifted here: every request of this file comes from 127.0.0.1 (the per-e-mail one is tested below).
    t = await createTestApp({ ...mailTestEnv(smtp), ACCOUNT_MAIL_IP_RATE_LIMIT: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const requestReset = (email: string) => t.http().post('/api/passwords').send({ user: { email } });
  const signIn = (email: string, password: string) => t.http().post('/api/sessions').send({ email, password });

  it('mails a link for a known e-mail; the token sets the password once, ends every API key, and the new password signs in', async () => {
    const user = await createUser(t.db);
    const other = await signIn(user.email, user.password).expect(201);
    const res = await requestReset(user.email.toUpperCase()).expect(202);
    expect(res.body).toEqual({});

    const [mail] = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Test Shop: reset your password');
    expect(mail.from).toBe('shop@shop.test');
    expect(mail.text).toMatch(/https:\/\/shop\.test\/password\/reset\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.text).toContain('within 1 hour');
    expect(mail.html).toContain('https://shop.test/password/reset?token=');
    const token = linkToken(mail);

    const reset = await t
      .http()
      .put(`/api/passwords/${token}`)
      .send({ user: { password: 'a-new-password-9', password_confirmation: 'a-new-password-9' } })
      .expect(200);
    expect(reset.body).toMatchObject({ id: user.id, email: user.email });
    expect(reset.body).toEqual((await t.http().get(`/api/users/${user.id}`).set({ Authorization: `Bearer ${(await signIn(user.email, 'a-new-password-9').expect(201)).body.api_key}` }).expect(200)).body);

    // The old keys are refused, the old password too.
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(401, { error: 'Invalid API key specified.' });
    await t.http().get(`/api/users/${user.id}`).set({ Authorization: `Bearer ${other.body.api_key}` }).expect(401);
    await signIn(user.email, user.password).expect(401);

    // Used once: the same link again is refused, and nothing changes.
    const again = await t.http().patch(`/api/passwords/${token}`).send({ user: { password: 'yet-another-7', password_confirmation: 'yet-another-7' } }).expect(422);
    expect(again.body).toEqual({ error: INVALID, errors: { token: ['is invalid'] } });
    await signIn(user.email, 'yet-another-7').expect(401);

    // The mail log holds the mail as sent, and no token.
    const [row] = await t.db.query(`SELECT state, attempts, secret_sealed, recipient FROM mail_deliveries WHERE kind = 'password_reset' AND user_id = $1`, [user.id]);
    expect(row).toEqual({ state: 'sent', attempts: 1, secret_sealed: null, recipient: user.email });
  });

  it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
    const known = await createUser(t.db);
    const unknown = `nobody-${Date.now()}@example.com`;
    const forUnknown = await requestReset(unknown);
    const forKnown = await requestReset(known.email);
    expect({ status: forUnknown.status, body: forUnknown.body, type: forUnknown.type }).toEqual({ status: forKnown.status, body: forKnown.body, type: forKnown.type });
    expect(forUnknown.status).toBe(202);
    // Once the known one's mail is out, the unknown one's request was handled too (queued first): nothing was sent, nothing is kept.
    await smtp.waitFor(known.email);
    await eventually(
      () => t.db.query(`SELECT count(*)::int AS n FROM mail_deliveries WHERE lower(recipient) = lower($1)`, [unknown]),
      (rows) => rows[0].n === 0,
    );
    expect(smtp.to(unknown)).toEqual([]);
  });

  it('a second request voids the first link', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email).expect(202);
    const [first] = await smtp.waitFor(user.email, 1);
    await requestReset(user.email).expect(202);
    const second = (await smtp.waitFor(user.email, 2))[1];
    expect(linkToken(second)).not.toBe(linkToken(first));
    const body = { user: { password: 'second-link-pw', password_confirmation: 'second-link-pw' } };
    await t.http().put(`/api/passwords/${linkToken(first)}`).send(body).expect(422, { error: INVALID, errors: { token: ['is invalid'] } });
    await t.http().put(`/api/passwords/${linkToken(second)}`).send(body).expect(200);
    await signIn(user.email, 'second-link-pw').expect(201);
  });

  it('refuses an expired link, a password too short or not confirmed, and a token that was never issued', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email).expect(202);
    const token = linkToken((await smtp.waitFor(user.email))[0]);
    const short = await t.http().put(`/api/passwords/${token}`).send({ user: { password: 'abc', password_confirmation: 'abd' } }).expect(422);
    expect(short.body.errors).toEqual({ password: ['is too short (minimum is 6 characters)'], password_confirmation: ["doesn't match Password"] });
    const missing = await t.http().put(`/api/passwords/${token}`).send({ user: { password: 'long-enough-1' } }).expect(422);
    expect(missing.body.errors).toEqual({ password_confirmation: ["can't be blank"] });

    await t.db.query(`UPDATE users SET reset_password_expires_at = now() - interval '1 second' WHERE id = $1`, [user.id]);
    const expired = await t.http().put(`/api/passwords/${token}`).send({ user: { password: 'long-enough-1', password_confirmation: 'long-enough-1' } }).expect(422);
    expect(expired.body.errors).toEqual({ token: ['has expired, please request a new one'] });
    await signIn(user.email, user.password).expect(201);

    await t.http().put(`/api/passwords/${'x'.repeat(43)}`).send({ user: { password: 'long-enough-1', password_confirmation: 'long-enough-1' } }).expect(422, { error: INVALID, errors: { token: ['is invalid'] } });
  });

  it('wants an e-mail, and limits requests per e-mail (429) whether or not it has an account', async () => {
    await t.http().post('/api/passwords').send({ user: { email: ' ' } }).expect(422, { error: INVALID, errors: { email: ["can't be blank"] } });
    for (const email of [(await createUser(t.db)).email, `nobody-else-${Date.now()}@example.com`]) {
      for (let i = 0; i < 5; i++) await requestReset(email).expect(202);
      const limited = await requestReset(email).expect(429);
      expect(limited.body).toEqual({ error: 'Too many requests. Please try again later.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps no token in clear: the user row holds its digest, the queued mail its sealed form', async () => {
    const user = await createUser(t.db);
    await smtp.stop();
    try {
      await requestReset(user.email).expect(202);
      const [row] = await eventually(
        () => t.db.query(`SELECT secret_sealed, attempts, error FROM mail_deliveries WHERE kind = 'password_reset' AND user_id = $1`, [user.id]),
        (rows) => rows.length === 1 && rows[0].attempts >= 1,
      );
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      const [{ reset_password_digest }] = await t.db.query(`SELECT reset_password_digest FROM users WHERE id = $1`, [user.id]);
      expect(reset_password_digest).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await smtp.listen();
    }
    // Back up: the mail goes out on a later attempt, and its token works.
    const [mail] = await smtp.waitFor(user.email);
    await t.http().put(`/api/passwords/${linkToken(mail)}`).send({ user: { password: 'after-outage-1', password_confirmation: 'after-outage-1' } }).expect(200);
  });
});
