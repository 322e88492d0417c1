import bcrypt from 'bcryptjs';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiKeyDigest } from '../../src/common/auth/api-keys';
import { checkoutToPayment, createOrder, paymentMethodId, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { CapturingLogger } from '../support/capturing-logger';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { linkToken } from '../support/mail-server';
import { eventually } from '../support/webhook-receiver';

/*
 * OWASP API8 (security misconfiguration: secrets in logs) and contract §3–§4:
 * a whole journey runs against the service logging as in production (access
 * log at debug, Nest's application log at every level), captured here; no
 * API key, order token, guest's Idempotency-Key, password, card number or
 * verification value, password reset or e-mail confirmation token may appear
 * in any log line, nor in any database row, nor in a pg_dump of the database
 * (passwords as bcrypt hashes, API keys, order tokens and the tokens of
 * account links as SHA-256 digests, order tokens and remembered answers also
 * sealed with SECRET_KEY, cards as their last digits only). The account links'
 * tokens are read from the mails themselves (.eml files: no SMTP_URL).
 */
const PASSWORD = 'Pa55-w0rd-of-jane-7Q';
const WRONG_PASSWORD = 'not-janes-password-3K';
const CARD = '4012888888881881';
const DECLINED_CARD = '4000300011112220';
const CVV = '9713';
const BOGUS_KEY = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed';

describe('secrets stay out of logs and rows', () => {
  let t: TestApp;
  const accessLog: string[] = [];
  const appLog = new CapturingLogger();
  const secrets: Record<string, string> = { password: PASSWORD, 'wrong password': WRONG_PASSWORD, card: CARD, 'declined card': DECLINED_CARD, 'verification value': CVV, 'unknown key': BOGUS_KEY };
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({}, { logLevel: 'debug', logDestination: { write: (line: string) => void accessLog.push(line) }, logger: appLog });
    const product = await stockedProduct(t.db, { count: 20 });
    const card = await paymentMethodId(t.db, 'Credit Card');
    const http = () => t.http();

    // Sign-up and sign-in (JSON, form, query string), a wrong password, an unknown key.
    email = 'jane@example.com';
    await http().post('/api/users').send({ user: { email, password: PASSWORD, password_confirmation: PASSWORD } }).expect(201);
    // A password reset: its token travels in the mail and in the path of the request that uses it (JSON, then a form).
    await http().post('/api/passwords').send({ user: { email } }).expect(202);
    const resetToken = linkToken(await mailAbout(t, 'reset your password'));
    secrets['password reset token'] = resetToken;
    await http().patch(`/api/passwords/${resetToken}.json`).type('form').send(`user[password]=${encodeURIComponent(PASSWORD)}&user[password_confirmation]=${encodeURIComponent(PASSWORD)}`).expect(200);
    await http().put(`/api/passwords/${resetToken}`).send({ user: { password: PASSWORD, password_confirmation: PASSWORD } }).expect(422);
    const session = await http().post('/api/sessions').send({ email, password: PASSWORD }).expect(201);
    secrets['API key'] = session.body.api_key;
    const second = await http().post('/api/sessions').type('form').send(`email=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}`).expect(201);
    secrets['second API key'] = second.body.api_key;
    await http().post(`/api/sessions?email=${encodeURIComponent(email)}&password=${encodeURIComponent(WRONG_PASSWORD)}`).expect(401);
    const key = session.body.api_key;

    // An e-mail change confirmed by its link.
    const newEmail = 'jane.new@example.com';
    await http().put('/api/users/' + session.body.user.id).set('Authorization', `Bearer ${key}`).send({ user: { email: newEmail, current_password: PASSWORD } }).expect(200);
    const confirmationToken = linkToken(await mailAbout(t, 'confirm your new e-mail address'));
    secrets['e-mail confirmation token'] = confirmationToken;
    await http().put(`/api/confirmations/${confirmationToken}`).expect(200);
    email = newEmail;

    // The key, every way it can be sent; an unknown one.
    await http().get('/api/orders/mine').set('Authorization', `Bearer ${key}`).expect(200);
    await http().get('/api/orders/mine').set('X-Spree-Token', key).expect(200);
    await http().get(`/api/orders/mine?token=${key}`).expect(200);
    await http().get(`/api/orders/mine.json?per_page=5&token=${key}`).expect(200);
    await http().get(`/api/orders/mine?token=${BOGUS_KEY}`).expect(401);

    // A guest's order, reached by header and by parameter; checkout paid by card (body and query string), one declined.
    const guest = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    secrets['guest order token'] = guest.token;
    await http().get(`/api/orders/${guest.number}`).set(guest.guest).expect(200);
    await http().get(`/api/orders/${guest.number}?order_token=${guest.token}`).expect(200);

    // The key and the token in every other shape the query parser reads (lists, hashes, brackets and names
    // percent-encoded, another case, a dotted name, nested): each is logged, none in clear.
    const shapes = (name: string, value: string) => [
      `${name}[]=${value}`,
      `${name}[0]=${value}`,
      `${name}[a]=${value}`,
      `${name}%5B%5D=${value}`,
      `${name}%5b0%5d=${value}`,
      `%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}=${value}`,
      `${name.toUpperCase()}=${value}`,
      `${name}.a=${value}`,
      `x[${name}][]=${value}`,
    ];
    for (const query of [...shapes('token', key), ...shapes('api_key', key)]) {
      expect((await http().get(`/api/orders/mine?per_page=1&${query}`)).status).toBeLessThan(500);
    }
    // Only a percent-encoded name is the plain form to the parser: it opens the order.
    const opens: string[] = [];
    for (const query of shapes('order_token', guest.token)) if ((await http().get(`/api/orders/${guest.number}?${query}`)).status === 200) opens.push(query.split('=')[0]);
    expect(opens).toEqual(['%6Frder_token']);

    await checkoutToPayment(t, guest);
    const declined = `payment_source[${card}][number]=${DECLINED_CARD}&payment_source[${card}][verification_value]=${CVV}&payment_source[${card}][month]=12&payment_source[${card}][year]=2035&payment_source[${card}][name]=Jane`;
    await http().put(`/api/checkouts/${guest.number}?order_token=${guest.token}&order[payments_attributes][][payment_method_id]=${card}&${declined}`).expect(422);
    const paid = await http()
      .put(`/api/checkouts/${guest.number}`)
      .set(guest.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: card }] }, payment_source: { [card]: { number: CARD, verification_value: CVV, month: '12', year: '2035', name: 'Jane' } } });
    expect(paid.status).toBe(200);
    if (paid.body.state === 'confirm') await http().put(`/api/checkouts/${guest.number}`).set(guest.guest).expect(200);

    // A guest's order created with an Idempotency-Key, and the retry answered from the stored answer (which holds the token).
    const idempotencyKey = randomUUID();
    secrets["guest's Idempotency-Key"] = idempotencyKey;
    const createCart = () => http().post('/api/orders').set('Idempotency-Key', idempotencyKey).send({ order: { line_items: [{ variant_id: product.masterVariantId, quantity: 1 }] } });
    const created = await createCart().expect(201);
    secrets['replayed order token'] = created.body.token;
    const replayed = await createCart().expect(201);
    expect([replayed.headers['idempotent-replayed'], replayed.body.token]).toEqual(['true', created.body.token]);

    // A signed-in user's order, paid through the payments API.
    const mine = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], { Authorization: `Bearer ${key}` });
    secrets['user order token'] = mine.token;
    await http()
      .post(`/api/orders/${mine.number}/payments?token=${key}`)
      .send({ payment: { payment_method_id: card, amount: '1.00', source_attributes: { number: CARD, verification_value: CVV, month: '12', year: '2035', name: 'Jane' } } })
      .expect(201);

    // An unexpected failure (the card table is gone) while a card is sent: a 500, logged.
    const broken = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    secrets['broken order token'] = broken.token;
    await checkoutToPayment(t, broken);
    await t.db.query('ALTER TABLE credit_cards RENAME TO credit_cards_away');
    try {
      const failed = await http()
        .put(`/api/checkouts/${broken.number}?order_token=${broken.token}`)
        .send({ order: { payments_attributes: [{ payment_method_id: card }] }, payment_source: { [card]: { number: CARD, verification_value: CVV, month: '12', year: '2035', name: 'Jane' } } });
      expect({ status: failed.status, body: failed.body }).toEqual({ status: 500, body: { error: 'Internal server error' } });
    } finally {
      await t.db.query('ALTER TABLE credit_cards_away RENAME TO credit_cards');
    }
  }, 60_000);
  afterAll(() => t.close());

  it('logged the journey (the capture works): every request, redacted parameters, the 500 with its stack', () => {
    const text = accessLog.join('');
    expect(accessLog.length).toBeGreaterThanOrEqual(15);
    expect(text).toContain('/api/sessions');
    expect(text).toContain('token=[REDACTED]');
    expect(text).toContain('order_token=[REDACTED]');
    expect(text).toContain('/api/passwords/[REDACTED]');
    expect(text).toContain('/api/confirmations/[REDACTED]');
    expect(text).toContain('[number]=[REDACTED]');
    expect(text).toContain('"statusCode":500');
    expect(appLog.lines.some((l) => l.level === 'error' && l.text.includes('credit_cards'))).toBe(true);
  });

  /**
   * Whether a secret appears in a text. An all-digit secret (card number, verification value) counts only
   * standing alone: inside a longer run of digits (a timestamp's microseconds, a shipment number) it is chance.
   */
  const occurs = (text: string, secret: string) => (/^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret));

  it('logs no key, order token, password, card number or verification value', () => {
    const logs = { 'access log': accessLog.join(''), 'application log': appLog.joined() };
    const leaks = Object.entries(logs).flatMap(([log, text]) => Object.entries(secrets).filter(([, secret]) => occurs(text, secret)).map(([name]) => `${name} in the ${log}`));
    expect(leaks).toEqual([]);
  });

  it('stores the password as a bcrypt hash, keys as SHA-256 digests, order tokens digested and sealed, and no card number or verification value', async () => {
    const [user] = await t.db.query(`SELECT id, encrypted_password FROM users WHERE email = $1`, [email]);
    expect(user.encrypted_password).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/);
    expect(await bcrypt.compare(PASSWORD, user.encrypted_password)).toBe(true);
    const keys = await t.db.query(`SELECT digest FROM api_keys WHERE user_id = $1 ORDER BY id`, [user.id]);
    expect(keys).toEqual([{ digest: apiKeyDigest(secrets['API key']) }, { digest: apiKeyDigest(secrets['second API key']) }]);
    const [card] = await t.db.query(`SELECT last_digits FROM credit_cards ORDER BY id LIMIT 1`);
    expect(card.last_digits).toBe(CARD.slice(-4));

    // No row of any table holds a password, key, order token, guest's Idempotency-Key, card number or verification value in clear.
    const tables: { name: string }[] = await t.db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    expect(Object.keys(secrets)).toEqual(
      expect.arrayContaining(['guest order token', 'user order token', 'replayed order token', 'API key', "guest's Idempotency-Key", 'password reset token', 'e-mail confirmation token']),
    );
    const leaks: string[] = [];
    for (const { name } of tables) {
      const rows: { row: string }[] = await t.db.query(`SELECT r::text AS row FROM "${name}" r`);
      const text = rows.map((r) => r.row).join('\n');
      for (const [secret, value] of Object.entries(secrets)) if (occurs(text, value)) leaks.push(`${secret} in ${name}`);
    }
    expect(leaks).toEqual([]);
    // The rows that did hold them before (orders.token, idempotency_keys.response_body) are there, their secrets sealed.
    expect(await t.db.query(`SELECT count(*)::int AS n FROM orders`)).toEqual([{ n: 4 }]);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE response_body LIKE 'v1.%'`)).toEqual([{ n: 1 }]);
  });

  it('a pg_dump of the database (a backup) holds no key, order token, password or card data', async () => {
    const dump = await databaseDump(t);
    expect(dump).toContain('COPY public.orders');
    expect(dump).toContain('COPY public.idempotency_keys');
    const leaks = Object.entries(secrets).filter(([, secret]) => occurs(dump, secret)).map(([name]) => name);
    expect(leaks).toEqual([]);
  });
});

/** The mail (an .eml file of the app's MAIL_DIR) whose subject says `about`, once written. */
async function mailAbout(t: TestApp, about: string): Promise<{ text: string }> {
  const dir = t.config.mail.dir;
  const found = await eventually(
    async () => {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(join(dir, file)));
        if (mail.subject?.includes(about)) return { text: mail.text ?? '' };
      }
      return undefined;
    },
    (mail) => mail !== undefined,
  );
  return found!;
}

/**
 * The whole database as `pg_dump` writes it (schema and data), with the pg_dump of the server's major version
 * (the machine's PostgreSQL's, /usr/lib/postgresql/<major>/bin), or one on the PATH that is at least as new.
 * Without one (the embedded PostgreSQL 18 has no pg_dump), every table's rows as COPY would write them.
 */
async function databaseDump(t: TestApp): Promise<string> {
  const run = promisify(execFile);
  const [{ server_version_num }] = await t.db.query(`SHOW server_version_num`);
  const major = Math.floor(Number(server_version_num) / 10000);
  const versionOf = async (bin: string) => Number(/(\d+)\.\d+/.exec((await run(bin, ['--version']).catch(() => ({ stdout: '' }))).stdout)?.[1] ?? 0);
  const candidates = [`/usr/lib/postgresql/${major}/bin/pg_dump`, 'pg_dump'].filter((bin) => bin === 'pg_dump' || existsSync(bin));
  for (const bin of candidates) {
    if ((await versionOf(bin)) < major) continue;
    return (await run(bin, ['--no-owner', '--dbname', t.databaseUrl], { maxBuffer: 512 * 2 ** 20 })).stdout;
  }
  console.warn(`No pg_dump for PostgreSQL ${major} on this machine: the dump check reads every table's rows instead`);
  const tables: { name: string }[] = await t.db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
  const parts = await Promise.all(tables.map(async ({ name }) => [`COPY public.${name}`, ...(await t.db.query(`SELECT r::text AS row FROM "${name}" r`)).map((r: { row: string }) => r.row)].join('\n')));
  return parts.join('\n');
}
