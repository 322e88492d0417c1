import { buildSecurityWorld, recordFor, SecurityWorld, urlOf } from '../support/security-world';
import { createTestApp, TestApp } from '../support/test-app';

/*
 * Contract §2: only allow-listed attributes are searchable or sortable; any other
 * `q` key is ignored, never a leak. Every list endpoint of the OpenAPI document is
 * asked, by an admin and by a user, to filter and sort on secret columns (password
 * digests, API key digests, order tokens, card data, gateway ids), directly and
 * through associations: the answer must equal the unfiltered list.
 */
const SECRETS = [
  'encrypted_password',
  'password',
  'password_digest',
  'password_salt',
  'digest',
  'api_key',
  'spree_api_key',
  'token',
  'order_token',
  'guest_token',
  'verification_value',
  'cvv',
  'gateway_customer_profile_id',
  'gateway_payment_profile_id',
  'encrypted_data',
];
// Not secret: a payment's response_code and avs_response are in its JSON for whoever may see it, and searchable as in Spree.
const THROUGH = ['', 'user_', 'users_', 'order_', 'orders_', 'api_keys_', 'user_api_keys_', 'source_', 'payments_', 'payments_source_', 'credit_cards_', 'created_by_', 'bill_address_user_', 'variants_', 'line_items_order_'];
/** Card numbers are secret too, but `number` is a public attribute of orders and shipments: only through a card. */
const CARD_NUMBER = ['source_number', 'payments_source_number', 'credit_cards_number', 'source_verification_value'];
/** Predicates that, were the condition applied, would empty the list (no secret is null, blank, or this value). */
const FILTERING = (key: string) => ({ [`${key}_null`]: '1', [`${key}_blank`]: 'true', [`${key}_eq`]: 'no-such-secret', [`${key}_start`]: 'no-such-secret', [`${key}_lt`]: '!' });

/** Secret-sounding names that an allow-list must never hold. */
const FORBIDDEN_SEARCHABLE = /password|digest|api_key|token|verification|cvv|gateway|encrypted|(^|_)source_number/;

/** Runs `work` over `items`, `size` at a time. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

interface ListOperation {
  path: string;
  params: string[];
  searchable: string[];
}

describe('search on secret columns (contract §2, OWASP API3)', () => {
  let t: TestApp;
  let world: SecurityWorld;
  let lists: ListOperation[];

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildSecurityWorld(t);
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    lists = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const q = item.get?.parameters?.find((p: any) => p.name === 'q' && p.in === 'query');
      if (!q) continue;
      const searchable = /Searchable and sortable attributes: ([^.]*)\./.exec(q.description ?? '')?.[1].split(', ') ?? [];
      lists.push({ path, params: item.get.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name), searchable });
    }
  }, 120_000);
  afterAll(() => t.close());

  /** Every secret filter, in groups small enough for a request line (Node refuses headers over 16 KB). */
  const keyGroups = (): Array<Record<string, string>> => {
    const all = Object.entries<string>(Object.assign({}, ...[...SECRETS.flatMap((s) => THROUGH.map((via) => `${via}${s}`)), ...CARD_NUMBER].map(FILTERING)));
    const groups: Array<Record<string, string>> = [];
    for (let i = 0; i < all.length; i += 150) groups.push(Object.fromEntries(all.slice(i, i + 150)));
    return groups;
  };

  it('finds the list endpoints, and no allow-list holds a secret column', () => {
    expect(lists.length).toBeGreaterThanOrEqual(30);
    const leaks = lists.flatMap((l) => l.searchable.filter((a) => FORBIDDEN_SEARCHABLE.test(a)).map((a) => `${l.path}: ${a}`));
    expect(leaks).toEqual([]);
  });

  it('filters and sorts nothing on a secret, for an admin and for a user', async () => {
    const problems: string[] = [];
    let compared = 0;
    const seen = new Map<string, number>();
    // The world's orders mail their confirmations in the background: wait until they are sent, so the mail log stands still.
    for (let i = 0; i < 300; i++) {
      const [{ pending }] = await t.db.query(`SELECT count(*)::int AS pending FROM mail_deliveries WHERE state = 'pending'`);
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Every request here only reads: the lists go several at a time.
    await inBatches(lists, 6, async (list) => {
      const url = urlOf(list.path, Object.fromEntries(list.params.map((p) => [p, recordFor(world, list.path, p)])));
      for (const [who, auth] of [
        ['admin', world.admin.auth],
        ['user', world.victim.auth],
      ] as const) {
        const plain = await t.http().get(url).query(list.path === '/api/taxons/products' ? { id: world.ids.taxons } : {}).set(auth);
        if (plain.status !== 200) continue; // not this caller's list (the access matrix checks who may list what)
        const extra = list.path === '/api/taxons/products' ? { id: world.ids.taxons } : {};
        const total = plain.body.total_count;
        seen.set(list.path, Math.max(seen.get(list.path) ?? 0, total));
        const filtered = await Promise.all(keyGroups().map((q) => t.http().get(url).query({ ...extra, q }).set(auth)));
        for (const res of filtered) {
          compared++;
          if (res.status !== 200 || JSON.stringify(res.body) !== JSON.stringify(plain.body)) problems.push(`${who} ${list.path} with secret filters: ${res.status} total_count ${res.body.total_count} (unfiltered ${total})`);
        }
        // Sorting on a secret would be an oracle too (order reveals the values): every secret sort key at once, each way.
        const sortKeys = ['encrypted_password', 'token', 'digest', 'api_keys_digest', 'user_api_keys_digest', 'source_gateway_customer_profile_id', 'credit_cards_number', 'payments_source_number', 'user_encrypted_password'];
        for (const direction of ['asc', 'desc']) {
          const sorted = await t.http().get(url).query({ ...extra, q: { s: sortKeys.map((k) => `${k} ${direction}`) } }).set(auth);
          compared++;
          if (JSON.stringify(sorted.body) !== JSON.stringify(plain.body)) problems.push(`${who} ${list.path} sorted by secrets ${direction} differs`);
        }
      }
    });
    // A list with no rows could not show a filter: the world must fill every one.
    for (const list of lists) if (!seen.get(list.path)) problems.push(`${list.path}: no rows in the world, so the test could not tell`);
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it('does apply an allow-listed search (the test can tell a filter when one is applied)', async () => {
    const all = await t.http().get('/api/orders').set(world.admin.auth).expect(200);
    const one = await t.http().get('/api/orders').query({ q: { number_eq: world.victimOrder.number } }).set(world.admin.auth).expect(200);
    expect(all.body.total_count).toBeGreaterThan(1);
    expect(one.body.orders.map((o: { number: string }) => o.number)).toEqual([world.victimOrder.number]);
    const none = await t.http().get('/api/orders').query({ q: { email_eq: 'no-such-secret' } }).set(world.admin.auth).expect(200);
    expect(none.body.total_count).toBe(0);
  });
});
