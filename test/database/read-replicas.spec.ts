import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ReplicaRouter } from '../../src/database/replicas';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { createProduct, createStockItem, defaultStockLocationId } from '../support/catalog';
import { freshDatabaseUrl } from '../support/database';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// DATABASE_REPLICA_URLS (src/database/replicas.ts). A real streaming replica
// is the topology test's (test/topology); here a second database on the same
// server stands in for one, with different data, so that each answer shows
// which database served it: the product "slug" is named "On the primary" on
// the primary and "On the replica" on the stand-in.

async function standIn(): Promise<{ url: string; db: DataSource }> {
  const url = await freshDatabaseUrl();
  const db = await new DataSource(dataSourceOptions(url)).initialize();
  return { url, db };
}

/** Admin access to the server, to refuse and allow connections to the stand-in (as a replica that goes down and comes back). */
async function onServer<T>(url: string, work: (client: Client, name: string) => Promise<T>): Promise<T> {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}

const takeDown = (url: string) =>
  onServer(url, async (client, name) => {
    await client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  });
const bringUp = (url: string) => onServer(url, (client, name) => client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`));

describe('read replicas', () => {
  let t: TestApp;
  let replica: { url: string; db: DataSource };
  let admin: TestUser;
  const slug = 'routed-product';

  beforeAll(async () => {
    replica = await standIn();
    t = await createTestApp({ DATABASE_REPLICA_URLS: replica.url, DATABASE_REPLICA_MAX_LAG_MS: '1000' });
    admin = await createAdmin(t.db);
    const onPrimary = await createProduct(t.db, { slug, name: 'On the primary', price: '10.00' });
    // In stock (on the primary only): a line item is checked against the stock when added.
    await createStockItem(t.db, await defaultStockLocationId(t.db), onPrimary.masterVariantId, { countOnHand: 5 });
    await createProduct(replica.db, { slug, name: 'On the replica', price: '10.00' });
  });
  afterAll(async () => {
    await t?.close();
    await bringUp(replica.url);
    await replica.db?.destroy();
  });

  const nameSeen = async (headers: Record<string, string> = {}) => (await t.http().get(`/api/products/${slug}`).set(headers).expect(200)).body.name;

  it('anonymous catalog reads (products, lists) are served by the replica', async () => {
    expect(await nameSeen()).toBe('On the replica');
    const list = await t.http().get('/api/products').expect(200);
    expect(list.body.products.map((p: { name: string }) => p.name)).toEqual(['On the replica']);
    expect(t.app.get(ReplicaRouter).states()).toEqual([{ label: expect.stringContaining('127.0.0.1'), up: true, lagMs: 0 }]);
  });

  it('a caller with a key reads from the primary, and a request that writes reads its own writes', async () => {
    expect(await nameSeen({ Authorization: `Bearer ${admin.apiKey}` })).toBe('On the primary');
    const updated = await t.http().put(`/api/products/${slug}`).set('Authorization', `Bearer ${admin.apiKey}`).send({ product: { name: 'Renamed on the primary' } }).expect(201);
    expect(updated.body.name).toBe('Renamed on the primary');
    expect(await nameSeen({ Authorization: `Bearer ${admin.apiKey}` })).toBe('Renamed on the primary');
    // Orders, carts and checkouts are never read from a replica.
    const [{ id: variantId }] = await t.db.query('SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE p.slug = $1', [slug]);
    const order = await t.http().post('/api/orders').send({ order: { line_items: [{ variant_id: variantId, quantity: 1 }] } }).expect(201);
    const shown = await t.http().get(`/api/orders/${order.body.number}`).set('X-Spree-Order-Token', order.body.token).expect(200);
    expect(shown.body.line_items).toHaveLength(1);
    // The stand-in has no such order: it was neither written nor read there.
    expect(await replica.db.query('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 0 }]);
  });

  it('a replica that goes down is skipped in favour of the primary, and serves again once it is back', async () => {
    const router = t.app.get(ReplicaRouter);
    await takeDown(replica.url);
    // At once, before any check notices: the refused connection sends the read to the primary.
    expect(await nameSeen()).toBe('Renamed on the primary');
    await router.checkAll();
    expect(router.states()[0].up).toBe(false);
    for (let i = 0; i < 5; i++) expect(await nameSeen()).toBe('Renamed on the primary');
    await bringUp(replica.url);
    await router.checkAll();
    expect(router.states()[0].up).toBe(true);
    expect(await nameSeen()).toBe('On the replica');
  });

  it('a read whose replica connection is lost midway runs again on the primary: the reader sees no error', async () => {
    // The stand-in's products held: the anonymous read waits there, and its session is ended under it.
    const holder = new Client({ connectionString: replica.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const reading = t.http().get(`/api/products/${slug}`);
      const answer = reading.then((res) => res);
      for (let waiting = 0; waiting === 0; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [{ waiting }] = (await holder.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows;
      }
      await holder.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Renamed on the primary');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    // The replica itself is well: the next read is its own again.
    await t.app.get(ReplicaRouter).checkAll();
    expect(await nameSeen()).toBe('On the replica');
  });

  it('a replica URL nobody answers at leaves every read on the primary', async () => {
    const lonely = await createTestApp({ DATABASE_REPLICA_URLS: 'postgres://postgres@127.0.0.1:1/nothing' }, { databaseUrl: t.databaseUrl });
    try {
      expect(lonely.app.get(ReplicaRouter).states()).toEqual([{ label: 'postgres://postgres@127.0.0.1:1/nothing', up: false, lagMs: Infinity }]);
      expect((await lonely.http().get(`/api/products/${slug}`).expect(200)).body.name).toBe('Renamed on the primary');
    } finally {
      await lonely.close();
    }
  });
});
