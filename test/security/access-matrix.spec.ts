import type { Response } from 'supertest';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { usAddress, type CreatedOrder } from '../support/orders';
import { buildSecurityWorld, recordFor, SecurityWorld, segmentOf, urlOf } from '../support/security-world';
import { createTestApp, TestApp } from '../support/test-app';
import { apiKeyDigest, generateApiKey } from '../../src/common/auth/api-keys';
import { createUser, TestUser } from '../support/users';

/*
 * OWASP API1 (BOLA) and API5 (BFLA): a table-driven access matrix generated from
 * the OpenAPI document. Every operation must be classified below (a new route fails
 * this test until someone says who may call it); each is then called by every kind
 * of caller (admin, the victim who owns the records, the holder of the victim's order
 * token, another user, another order's token, nobody) with the victim's record ids:
 *
 * - refused callers get exactly the contract §3 refusal, and the same answer for an
 *   id that exists and one that does not (except the order number of an order
 *   route: 401 for someone else's order, 404 for none, as in Spree and the contract);
 * - no refused call changes any row of the database;
 * - allowed callers (admin, owner, order-token holder) do get through (not 401/404).
 */

type Caller = 'admin' | 'owner' | 'holder' | 'stranger' | 'wrongToken' | 'anonymous';
const CALLERS: Caller[] = ['admin', 'owner', 'holder', 'stranger', 'wrongToken', 'anonymous'];

interface Access {
  /** Who gets through. */
  allowed: Caller[];
  /** What everyone else gets (contract §3). */
  refusal: 401 | 404;
  /** The refusal's body, when not the contract's usual one for its status (no API key sent where one is needed). */
  body?: { error: string };
  /** Path parameters whose record's existence the refusal may tell (401 for someone else's, 404 for none), as the contract says. */
  reveals?: string[];
}

const ORDER: Access = { allowed: ['admin', 'owner', 'holder'], refusal: 401, reveals: ['number'] };
/** Routes behind the order guard that then need an admin (payment actions): 401 for everyone else. */
const ORDER_THEN_ADMIN: Access = { allowed: ['admin'], refusal: 401, reveals: ['number'] };
const ADMIN_404: Access = { allowed: ['admin'], refusal: 404 };
const ADMIN_401: Access = { allowed: ['admin'], refusal: 401 };
const SELF: Access = { allowed: ['admin', 'owner'], refusal: 404 };
/** /api/addresses/:id: 401 as in Spree for someone else's address, and for no such address too (only admins learn it is missing). */
const ADDRESS_OWNER: Access = { allowed: ['admin', 'owner'], refusal: 401 };
const PUBLIC: Access = { allowed: CALLERS, refusal: 404 };
/**
 * A payment provider's webhook (POST /api/payment_methods/:id/webhooks): no API key opens it, the provider's signature
 * does (test/payments/stripe-webhooks.spec.ts); the world's payment method (a check) takes none: 404 for everyone.
 */
const PROVIDER_SIGNED: Access = { allowed: [], refusal: 404 };
/** Needs an API key, any user's (a list of the caller's own records). */
const SIGNED_IN: Access = { allowed: ['admin', 'owner', 'stranger'], refusal: 401 };
/** Sign-out: any API key (the one sent is revoked); without one, the contract's "You must specify an API key." */
const WITH_KEY: Access = { allowed: ['admin', 'owner', 'stranger'], refusal: 401, body: { error: 'You must specify an API key.' } };

const CATALOG = '(products|variants|option_types|option_values|properties|taxonomies|countries|zones|states)';

/** First match wins. Every operation must match one rule. */
const RULES: Array<[RegExp, Access]> = [
  // Collections: who may list and create (BFLA).
  [/^GET \/api\/(orders|stock_locations|stock_transfers|shipping_categories|shipping_methods|payment_methods|tax_categories|tax_rates|promotions)$/, ADMIN_401],
  [/^POST \/api\/(zones|products|properties|option_types|taxonomies|stock_locations|stock_transfers|shipping_categories|shipping_methods|payment_methods|tax_categories|tax_rates|promotions|shipments)$/, ADMIN_401],
  [/^PUT \/api\/classifications$/, ADMIN_401],
  [/^GET \/api\/orders\/mine$/, SIGNED_IN],
  [/^(DELETE \/api\/sessions|GET \/api\/sessions\/current)$/, WITH_KEY],
  // Anyone: sign-up and sign-in, carts, the store's settings, the catalog lists; GET /api/users lists only the caller (below).
  [/^POST \/api\/(users|sessions|orders|checkouts|passwords|confirmations)$/, PUBLIC],
  // Account links: whoever holds the token (a wrong one is a 422, whoever sends it).
  [/^PUT \/api\/(passwords|confirmations)\/\{token\}$/, PUBLIC],
  [/^GET \/api\/(users|users\/new|config|config\/money|countries|states|zones|products|products\/new|variants|properties|properties\/new|option_types|option_values|taxonomies|taxonomies\/new|taxons|taxons\/products)$/, PUBLIC],
  // Orders and what hangs off them.
  [/^(PUT|POST|GET|DELETE) \/api\/(orders|checkouts)\/\{number\}\/payments\/\{id\}\/(authorize|capture|purchase|void|credit)$/, ORDER_THEN_ADMIN],
  [/^PUT \/api\/(orders|checkouts)\/\{number\}\/payments\/\{id\}$/, ORDER_THEN_ADMIN],
  [/^(GET|POST) \/api\/(orders|checkouts)\/\{number\}\/payments(\/new|\/\{id\})?$/, ORDER],
  [/^(GET|PUT|POST|DELETE) \/api\/(orders|checkouts)\/\{number\}\/line_items(\/new|\/\{id\})?$/, ORDER],
  [/^(GET|PUT) \/api\/(orders|checkouts)\/\{number\}\/addresses\/\{id\}$/, ORDER],
  [/^(GET|PUT) \/api\/orders\/\{number\}(\/cancel|\/empty|\/apply_coupon_code)?$/, ORDER],
  [/^DELETE \/api\/orders\/\{number\}\/coupon_codes\/\{code\}$/, ORDER],
  // The back-office's resume and state history: admins only (the admin guard answers before the order is looked up).
  [/^(PUT \/api\/orders\/\{number\}\/resume|GET \/api\/orders\/\{number\}\/state_changes)$/, ADMIN_401],
  [/^PUT \/api\/checkouts\/\{number\}(\/next|\/advance)?$/, ORDER],
  [/^GET \/api\/checkouts\/\{number\}$/, PUBLIC], // a 301 to /api/orders/:number, whoever asks
  [/^(GET|POST) \/api\/(orders|checkouts)\/\{number\}\/return_authorizations(\/new)?$/, ADMIN_401],
  [/^(GET|PUT|DELETE) \/api\/(orders|checkouts)\/\{number\}\/return_authorizations\/\{id\}(\/add|\/receive|\/cancel)?$/, ADMIN_404],
  [/^POST \/api\/(orders|checkouts)\/\{order_number\}\/shipments$/, ADMIN_401],
  [/^PUT \/api\/((orders|checkouts)\/\{order_number\}\/)?shipments\/\{number\}(\/ready|\/ship|\/add|\/remove)?$/, ADMIN_404],
  // Inventory: admin only, looked up through the caller's permissions.
  [/^(GET|PUT) \/api\/inventory_units\/\{id\}$/, ADMIN_404],
  [/^(GET|PUT|DELETE) \/api\/stock_locations\/\{id\}$/, ADMIN_404],
  [/^GET \/api\/stock_transfers\/\{number\}$/, ADMIN_401],
  [/^(GET|POST|PUT|DELETE) \/api\/stock_locations\/\{stock_location_id\}\/(stock_items|stock_movements)(\/\{id\})?$/, ADMIN_404],
  // Users and their addresses.
  [/^(GET|PUT|DELETE) \/api\/users\/\{id\}$/, SELF],
  [/^GET \/api\/users\/\{id\}\/export$/, SELF],
  [/^(GET|POST) \/api\/users\/\{id\}\/addresses$/, SELF],
  [/^(GET|PUT|DELETE) \/api\/users\/\{id\}\/addresses\/\{address_id\}$/, SELF],
  [/^GET \/api\/users\/\{id\}\/credit_cards$/, SELF],
  [/^(GET|PUT|PATCH|DELETE) \/api\/users\/\{id\}\/credit_cards\/\{card_id\}$/, SELF],
  [/^PUT \/api\/users\/\{id\}\/(generate_api_key|clear_api_key)$/, ADMIN_404],
  [/^(GET|PUT) \/api\/addresses\/\{id\}$/, ADDRESS_OWNER],
  // Staff roles and scoped keys: admins only (they grant rights).
  [/^(GET|POST) \/api\/roles(\/permissions)?$/, ADMIN_401],
  [/^(GET|PUT|PATCH|DELETE) \/api\/roles\/\{id\}$/, ADMIN_404],
  [/^(GET|PUT) \/api\/users\/\{id\}\/roles$/, ADMIN_404],
  [/^(GET|POST) \/api\/users\/\{id\}\/api_keys$/, ADMIN_404],
  [/^DELETE \/api\/users\/\{id\}\/api_keys\/\{key_id\}$/, ADMIN_404],
  // Webhook endpoints and their deliveries: admin only.
  [/^(GET|POST) \/api\/webhook_endpoints$/, ADMIN_401],
  [/^(GET|PUT|DELETE|POST) \/api\/webhook_endpoints\/\{id\}(\/rotate|\/ping|\/deliveries|\/deliveries\/\{delivery_id\}\/redeliver)?$/, ADMIN_404],
  // The mail log: admin only.
  [/^GET \/api\/mail_deliveries$/, ADMIN_401],
  [/^(GET|POST) \/api\/mail_deliveries\/\{id\}(\/resend)?$/, ADMIN_404],
  [/^POST \/api\/payment_methods\/\{id\}\/webhooks$/, PROVIDER_SIGNED],
  // Store configuration: admin only.
  [/^(GET|PUT|DELETE) \/api\/(shipping_categories|shipping_methods|payment_methods|tax_categories|tax_rates|promotions)\/\{id\}$/, ADMIN_404],
  // A variant's prices per currency: admins only, reads too.
  [/^(GET|PUT|PATCH|DELETE) \/api\/variants\/\{variant_id\}\/prices(\/\{currency\})?$/, ADMIN_401],
  // The catalog: anyone reads, admins write (Spree answers 401 or 404 depending on the controller).
  [new RegExp(`^GET /api/${CATALOG}/`), PUBLIC],
  [/^(PUT|PATCH|DELETE) \/api\/(products\/\{product_id\}\/(variants|images)|variants\/\{variant_id\}\/images|option_types)\/\{id\}$/, ADMIN_404],
  [/^(PUT|DELETE) \/api\/option_types\/\{option_type_id\}\/option_values\/\{id\}$/, ADMIN_404],
  [new RegExp(`^(POST|PUT|PATCH|DELETE) /api/${CATALOG}/`), ADMIN_401],
];

/** Ids that do not exist, by path segment. Records other than the catalog's (public anyway) must not show whether they exist. */
const NONEXISTENT: Record<string, string> = {
  orders: 'R000000001',
  checkouts: 'R000000001',
  shipments: 'H00000000001',
  stock_transfers: 'T000000001',
};
const nonexistentFor = (segment: string) => NONEXISTENT[segment] ?? '987654321';
const PUBLIC_RECORDS = new Set(['products', 'variants', 'images', 'properties', 'product_properties', 'option_types', 'option_values', 'taxonomies', 'taxons', 'countries', 'states', 'zones']);

interface Operation {
  method: string;
  path: string;
  params: string[];
  /** The operation's `security` in the document. */
  security: Array<Record<string, string[]>>;
}

/** The resource an operation works on (the last collection in its path), for its request body. */
function resourceOf(path: string): string {
  const collections = path.split('/').filter((p, i, all) => p && !p.startsWith('{') && p !== 'api' && (all[i + 1]?.startsWith('{') || i === all.length - 1));
  const known = collections.filter((c) => !['new', 'cancel', 'empty', 'next', 'advance', 'ready', 'ship', 'add', 'remove', 'receive', 'authorize', 'capture', 'purchase', 'void', 'credit', 'jstree', 'apply_coupon_code'].includes(c));
  return known[known.length - 1];
}

const singular = (plural: string) => (plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.endsWith('sses') ? plural.slice(0, -2) : plural.replace(/s$/, ''));

describe('access matrix (OWASP API1 BOLA, API5 BFLA)', () => {
  let t: TestApp;
  let admin: TestUser;
  let victim: TestUser;
  let stranger: TestUser;
  let victimOrder: CreatedOrder;
  let strangerOrder: CreatedOrder;
  let guestOrder: CreatedOrder;
  let operations: Operation[];
  let world: SecurityWorld;
  let ids: Record<string, string | number>;

  const headersOf = (caller: Caller): Record<string, string> =>
    ({
      admin: admin.auth,
      owner: victim.auth,
      holder: victimOrder.guest,
      stranger: stranger.auth,
      wrongToken: guestOrder.guest,
      anonymous: {},
    })[caller];

  function bodyOf(op: Operation): Record<string, unknown> {
    const resource = resourceOf(op.path);
    switch (resource) {
      case 'orders':
      case 'checkouts':
        return op.path.endsWith('apply_coupon_code') ? { coupon_code: 'MALLORY' } : { order: { email: 'mallory@example.com' } };
      case 'line_items':
        return { line_item: { variant_id: ids.variant, quantity: 3 } };
      case 'addresses':
        return { address: { firstname: 'Mallory' } };
      case 'payments':
        return { payment: { payment_method_id: ids.check, amount: '1.00' } };
      case 'users':
        return { user: { email: `mallory-${Math.random().toString(36).slice(2)}@example.com` } };
      case 'sessions':
        return { email: stranger.email, password: stranger.password }; // the victim's email is changed by PUT /api/users/:id above
      case 'return_authorizations':
        return { return_authorization: { reason: 'mallory', amount: '0.01' } };
      case 'shipments':
        return { shipment: { tracking: 'MALLORY' } };
      case 'stock_items':
        return { stock_item: { count_on_hand: 99, variant_id: ids.variant } };
      case 'stock_movements':
        return { stock_movement: { stock_item_id: ids.stock_items, quantity: 5 } };
      case 'stock_transfers':
        return { stock_transfer: { destination_location_id: ids.stock_locations, transfer_items: [{ variant_id: ids.variant, quantity: 5 }] } };
      default:
        return { [singular(resource)]: { name: 'Mallory' } };
    }
  }

  function send(op: Operation, url: string, headers: Record<string, string>) {
    const req = (t.http() as any)[op.method.toLowerCase()](url).set(headers).redirects(0);
    if (op.path === '/api/taxons/products') req.query({ id: ids.taxons });
    return op.method === 'GET' ? req : req.send(bodyOf(op));
  }

  async function databaseFingerprint(): Promise<Record<string, string>> {
    const tables: { name: string }[] = await t.db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY 1`);
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const [{ digest }] = await t.db.query(`SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest FROM "${name}" r`);
      out[name] = digest;
    }
    return out;
  }

  /** A PATCH (a resource's update, common/http/update-route.ts) is its PUT, with the same access. */
  const accessOf = (op: Operation): Access | undefined => RULES.find(([re]) => re.test(`${op.method === 'PATCH' ? 'PUT' : op.method} ${op.path}`))?.[1];

  beforeAll(async () => {
    // No webhook delivery here: its relay marks events dispatched in the background, which the fingerprint would pin on the next request.
    t = await createTestApp({ WEBHOOKS_DELIVERY: 'false' });
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    operations = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const params = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        if (!path.startsWith('/health')) operations.push({ method: method.toUpperCase(), path, params, security: op.security });
      }
    }

    world = await buildSecurityWorld(t);
    ({ admin, victim, stranger, victimOrder, strangerOrder, guestOrder, ids } = world);
  }, 120_000);
  afterAll(() => t.close());

  it('classifies every operation, and each declared path parameter is in its path', () => {
    const unclassified = operations.filter((op) => !accessOf(op)).map((op) => `${op.method} ${op.path}`);
    expect(unclassified).toEqual([]);
    for (const op of operations) expect(op.params.sort()).toEqual([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
    // The sensitive kinds of the issue are all present (the document was read, the rules are not vacuous).
    const segments = new Set(operations.flatMap((op) => op.params.map((p) => segmentOf(op.path, p))));
    for (const kind of ['orders', 'addresses', 'payments', 'users', 'shipments', 'line_items', 'return_authorizations', 'inventory_units', 'stock_items', 'stock_locations']) expect(segments).toContain(kind);
  });

  it('declares a key required only where an anonymous caller is asked for one: optional where it is told 404', () => {
    // Spree 2.2 (API_REQUIRES_AUTHENTICATION=false) looks the record up among those the caller may see: an anonymous caller is
    // refused with the 404 any caller without the rights gets, not asked for a key. A document that called the key required
    // there would promise a 401 (a tester such as Schemathesis's ignored_auth expects one).
    const optional = (op: Operation) => op.security.length === 0 || op.security.some((s) => Object.keys(s).length === 0);
    const wrong = operations
      .filter((op) => !accessOf(op)!.allowed.includes('anonymous') && accessOf(op)!.refusal === 404 && !optional(op))
      .map((op) => `${op.method} ${op.path}`);
    expect(wrong).toEqual([]);
    // Where an anonymous caller is asked for a key (admin-only lists and creates, a caller's own records), the document says it is needed.
    for (const id of ['GET /api/orders', 'POST /api/zones', 'GET /api/orders/mine']) {
      const op = operations.find((o) => `${o.method} ${o.path}` === id)!;
      expect({ id, optional: optional(op) }).toEqual({ id, optional: false });
    }
  });

  it('refuses every caller the contract refuses, alike for records that exist and that do not, and changes nothing', async () => {
    const before = await databaseFingerprint();
    const problems: string[] = [];
    let checks = 0;
    const describeRes = (res: Response) => `${res.status} ${JSON.stringify(res.body)}`;
    for (const op of operations) {
      const access = accessOf(op)!;
      const values = Object.fromEntries(op.params.map((p) => [p, recordFor(world, op.path, p)]));
      // Refusals change nothing (checked below), so one operation's callers may go at once.
      await Promise.all(
        CALLERS.filter((c) => !access.allowed.includes(c)).map(async (caller) => {
          const res = await send(op, urlOf(op.path, values), headersOf(caller));
          checks++;
          const expected = access.body ?? (access.refusal === 401 ? UNAUTHORIZED : NOT_FOUND);
          if (res.status !== access.refusal || JSON.stringify(res.body) !== JSON.stringify(expected)) problems.push(`${caller} ${op.method} ${op.path}: ${describeRes(res)}`);
          // The same request naming a record that does not exist, one parameter at a time.
          for (const param of op.params) {
            const segment = segmentOf(op.path, param);
            if (PUBLIC_RECORDS.has(segment)) continue;
            const other = await send(op, urlOf(op.path, { ...values, [param]: nonexistentFor(segment) }), headersOf(caller));
            checks++;
            if (access.reveals?.includes(param)) {
              if (other.status !== 404 || JSON.stringify(other.body) !== JSON.stringify(NOT_FOUND)) problems.push(`${caller} ${op.method} ${op.path} with no such ${param}: ${describeRes(other)}`);
            } else if (other.status !== res.status || JSON.stringify(other.body) !== JSON.stringify(res.body)) {
              problems.push(`${caller} ${op.method} ${op.path}: ${param} that exists ${describeRes(res)} but one that does not ${describeRes(other)}`);
            }
          }
        }),
      );
      // On an order route with a nested record: the stranger's own order, naming the victim's record, is as good as no such record.
      const [first, nested] = op.params.length === 2 ? [op.params.find((p) => p === 'number')!, op.params.find((p) => p !== 'number')!] : [];
      if (access === ORDER && first && nested && strangerOrder) {
        const segment = segmentOf(op.path, nested);
        const own = { [first]: strangerOrder.number };
        const victims = await send(op, urlOf(op.path, { ...own, [nested]: values[nested] }), stranger.auth);
        const none = await send(op, urlOf(op.path, { ...own, [nested]: nonexistentFor(segment) }), stranger.auth);
        checks += 2;
        // Spree answers 401 for an address that is not the order's (AddressesController#find_address), 404 for other records.
        const expected = segment === 'addresses' ? UNAUTHORIZED : NOT_FOUND;
        if (JSON.stringify(victims.body) !== JSON.stringify(expected)) problems.push(`stranger's own order, victim's ${nested}: ${op.method} ${op.path}: ${describeRes(victims)}`);
        if (none.status !== victims.status || JSON.stringify(none.body) !== JSON.stringify(victims.body)) problems.push(`stranger's own order: ${op.method} ${op.path}: victim's ${describeRes(victims)}, none ${describeRes(none)}`);
      }
    }
    expect(problems).toEqual([]);
    const after = await databaseFingerprint();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual([]);
    console.info(`access matrix: ${operations.length} operations, ${checks} refusal requests`);
  }, 120_000);

  it('lets the admin, the owner and the token holder through where the contract allows them', async () => {
    const problems: string[] = [];
    let checks = 0;
    // Destructive operations last, children before their parents, so no call removes a record a later one needs.
    const destructive = (op: Operation) => op.method === 'DELETE' || /^\/api\/orders\/\{number\}\/(empty|cancel)$/.test(op.path);
    const rank = (op: Operation) => {
      if (op.method !== 'DELETE') return 100;
      const late = ['variants', 'products', 'option_types', 'taxonomies', 'properties', 'tax_categories', 'shipping_categories', 'zones', 'stock_locations', 'users'];
      const i = late.indexOf(resourceOf(op.path));
      return i < 0 ? 0 : 10 + i;
    };
    const ordered = [...operations.filter((op) => !destructive(op)), ...operations.filter(destructive).sort((a, b) => rank(a) - rank(b))];
    const call = async (op: Operation, caller: Caller) => {
      const values = Object.fromEntries(op.params.map((p) => [p, recordFor(world, op.path, p)]));
      if (op.method === 'DELETE' && resourceOf(op.path) === 'line_items') {
        // Each caller deletes a line item of its own making.
        const added = await t.http().post(`/api/orders/${victimOrder.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: ids.variants, quantity: 1 } });
        values.id = added.body.id ?? values.id;
      }
      if (op.method === 'DELETE' && resourceOf(op.path) === 'coupon_codes') {
        // Each caller removes a coupon put on the order for it (whatever the order's state by now; the world's promotion may be gone).
        const code = `UNDO${caller.toUpperCase()}`;
        const promotion = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: code, code, discount_type: 'flat_rate', amount: '1' } }).expect(201);
        await t.db.query(
          `INSERT INTO adjustments (order_id, adjustable_type, adjustable_id, source_type, source_id, amount, label, mandatory, eligible, included, state)
           SELECT o.id, 'Spree::Order', o.id, 'Spree::PromotionAction', $2, -1, $3, false, true, false, 'open' FROM orders o WHERE o.number = $1`,
          [victimOrder.number, promotion.body.id, `Promotion (${code})`],
        );
        values.code = code;
      }
      // Key changes act on a user of their own and sign out with a key of their own, so the callers keep theirs.
      if (/^\/api\/users\/\{id\}\/(generate|clear)_api_key$/.test(op.path)) values.id = (await createUser(t.db)).id;
      let headers = headersOf(caller);
      // Deleting a user: each caller deletes a user of its own (the owner: itself), so the victim stays for the calls after.
      if (op.method === 'DELETE' && op.path === '/api/users/{id}') {
        const own = await createUser(t.db);
        values.id = own.id;
        if (caller === 'owner') headers = own.auth;
      }
      // Removing a book address: each caller removes one of its own making in the victim's book.
      if (op.method === 'DELETE' && op.path === '/api/users/{id}/addresses/{address_id}') {
        const added = await t.http().post(`/api/users/${victim.id}/addresses`).set(admin.auth).send({ address: await usAddress(t.db) });
        values.address_id = added.body.id ?? values.address_id;
      }
      // Removing a saved card: each caller removes one of the victim's saved for it.
      if (op.method === 'DELETE' && op.path === '/api/users/{id}/credit_cards/{card_id}') {
        const [card] = await t.db.query(
          `INSERT INTO credit_cards (user_id, payment_method_id, month, year, cc_type, last_digits) SELECT $1, payment_method_id, month, year, cc_type, last_digits FROM credit_cards WHERE id = $2 RETURNING id`,
          [victim.id, values.card_id],
        );
        values.card_id = card.id;
      }
      if (op.method === 'DELETE' && op.path === '/api/sessions') {
        const key = generateApiKey();
        await t.db.query(`INSERT INTO api_keys (user_id, digest) VALUES ($1, $2)`, [({ admin, owner: victim, stranger } as Record<string, TestUser>)[caller].id, apiKeyDigest(key)]);
        headers = { Authorization: `Bearer ${key}` };
      }
      const res = await send(op, urlOf(op.path, values), headers);
      checks++;
      if (res.status >= 500 || res.status === 401 || res.status === 404) problems.push(`${caller} ${op.method} ${op.path}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    // Reads first, several at a time (they change nothing); then every change, one by one in order.
    const reads = ordered.filter((op) => op.method === 'GET');
    for (let i = 0; i < reads.length; i += 8) await Promise.all(reads.slice(i, i + 8).flatMap((op) => accessOf(op)!.allowed.map((caller) => call(op, caller))));
    for (const op of ordered.filter((o) => o.method !== 'GET')) for (const caller of accessOf(op)!.allowed) await call(op, caller);
    expect(problems).toEqual([]);
    console.info(`access matrix: ${checks} allowed requests`);
  }, 120_000);

  it('lists to a user only its own records', async () => {
    const users = await t.http().get('/api/users').set(stranger.auth).expect(200);
    expect(users.body.users.map((u: { id: number }) => u.id)).toEqual([stranger.id]);
    const searched = await t.http().get('/api/users').query({ 'q[id_eq]': victim.id }).set(stranger.auth).expect(200);
    expect(searched.body.users).toEqual([]);
    const anonymous = await t.http().get('/api/users').expect(200);
    expect(anonymous.body.users).toEqual([]);
    const mine = await t.http().get('/api/orders/mine').set(stranger.auth).expect(200);
    const numbers: string[] = mine.body.orders.map((o: { number: string }) => o.number);
    expect(numbers).toContain(strangerOrder.number);
    expect(numbers).not.toContain(victimOrder.number);
    const owners = await t.db.query(`SELECT DISTINCT user_id FROM orders WHERE number = ANY($1)`, [numbers]);
    expect(owners).toEqual([{ user_id: stranger.id }]);
    const victims = await t.http().get('/api/orders/mine').set(victim.auth).expect(200);
    expect(victims.body.orders.map((o: { number: string }) => o.number)).toContain(victimOrder.number);
  });
});
