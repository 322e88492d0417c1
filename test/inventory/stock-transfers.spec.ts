import { createProduct, createStockItem, createStockLocation } from '../support/catalog';
import { UNAUTHORIZED } from '../support/error-bodies';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/*
 * Stock transfers (issue 29): Spree 2.2's StockTransfer over the API. Units
 * leave the source and arrive at the destination as stock movements whose
 * originator is the transfer, in one transaction, never past what the
 * source has on hand.
 */
describe('stock transfers', () => {
  let t: TestApp;
  let admin: TestUser;
  let source: number;
  let destination: number;
  let shirt: number;
  let mug: number;

  const countAt = async (location: number, variant: number): Promise<number | null> =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [location, variant]))[0]?.count_on_hand ?? null;
  const rowCounts = async () =>
    (await t.db.query(`SELECT (SELECT count(*) FROM stock_transfers)::int AS transfers, (SELECT count(*) FROM stock_movements)::int AS movements, (SELECT count(*) FROM stock_items)::int AS items`))[0];
  const transfer = (body: Record<string, unknown>, auth: Record<string, string> = admin.auth) => t.http().post('/api/stock_transfers').set(auth).send({ stock_transfer: body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    source = await createStockLocation(t.db, { name: 'Main warehouse', propagateAllVariants: false });
    destination = await createStockLocation(t.db, { name: 'Shop floor', propagateAllVariants: false });
    shirt = (await createProduct(t.db, { sku: 'SHIRT-1' })).masterVariantId;
    mug = (await createProduct(t.db, { sku: 'MUG-1' })).masterVariantId;
    await createStockItem(t.db, source, shirt, { countOnHand: 10 });
    await createStockItem(t.db, source, mug, { countOnHand: 4 });
    await createStockItem(t.db, destination, shirt, { countOnHand: 1 });
    // The destination has no item for the mug yet: the transfer makes it.
  });
  afterAll(() => t.close());

  it('moves units from the source to the destination, recorded as movements of the transfer, and lists and shows it', async () => {
    const res = await transfer({ source_location_id: source, destination_location_id: destination, reference: 'Restock shop floor', transfer_items: [{ variant_id: shirt, quantity: 3 }, { variant_id: mug, quantity: 4 }] }).expect(201);
    expect(res.body).toMatchObject({
      number: expect.stringMatching(/^T\d{9}$/),
      reference: 'Restock shop floor',
      source_location_id: source,
      destination_location_id: destination,
      source_location_name: 'Main warehouse',
      destination_location_name: 'Shop floor',
      created_by_id: admin.id,
      transfer_items: [
        { variant_id: Math.min(shirt, mug), quantity: shirt < mug ? 3 : 4 },
        { variant_id: Math.max(shirt, mug), quantity: shirt < mug ? 4 : 3 },
      ],
    });
    expect([await countAt(source, shirt), await countAt(destination, shirt), await countAt(source, mug), await countAt(destination, mug)]).toEqual([7, 4, 0, 4]);

    const movements: { quantity: number; stock_location_id: number; variant_id: number }[] = await t.db.query(
      `SELECT m.quantity, si.stock_location_id, si.variant_id FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id
        WHERE m.originator_type = 'Spree::StockTransfer' AND m.originator_id = $1 ORDER BY si.variant_id, m.quantity`,
      [res.body.id],
    );
    expect(movements).toEqual(
      expect.arrayContaining([
        { quantity: -3, stock_location_id: source, variant_id: shirt },
        { quantity: 3, stock_location_id: destination, variant_id: shirt },
        { quantity: -4, stock_location_id: source, variant_id: mug },
        { quantity: 4, stock_location_id: destination, variant_id: mug },
      ]),
    );
    expect(movements).toHaveLength(4);
    expect(res.body.stock_movements.map((m: { quantity: number; stock_item: { stock_location_id: number } }) => [m.quantity, m.stock_item.stock_location_id]).sort()).toEqual(
      [[-3, source], [3, destination], [-4, source], [4, destination]].sort(),
    );

    const shown = await t.http().get(`/api/stock_transfers/${res.body.number}`).set(admin.auth).expect(200);
    expect(shown.body).toEqual(res.body);
    const list = await t.http().get('/api/stock_transfers').query({ q: { reference_cont: 'shop floor' } }).set(admin.auth).expect(200);
    expect(list.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
    expect(list.body.stock_transfers[0]).toEqual({ ...res.body, stock_movements: undefined, created_at: res.body.created_at, updated_at: res.body.updated_at });
    expect(list.body.stock_transfers[0]).not.toHaveProperty('stock_movements');
    await t.http().get('/api/stock_transfers/T000000001').set(admin.auth).expect(404);
  });

  it('receives stock at a location without a source, adding a variant listed twice once', async () => {
    const before = await countAt(destination, shirt);
    const res = await transfer({ destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 2 }, { variant_id: shirt, quantity: '5' }] }).expect(201);
    expect(res.body).toMatchObject({ source_location_id: null, source_location_name: null, transfer_items: [{ variant_id: shirt, quantity: 7 }] });
    expect(await countAt(destination, shirt)).toBe(before! + 7);
    expect(res.body.stock_movements).toHaveLength(1);
  });

  it('refuses a transfer the source cannot cover with 422, naming the variant, and writes nothing', async () => {
    const before = await rowCounts();
    const counts = [await countAt(source, shirt), await countAt(destination, shirt)];
    const res = await transfer({ source_location_id: source, destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 1 }, { variant_id: mug, quantity: 1 }] }).expect(422);
    expect(res.body.error).toBeDefined();
    expect(res.body.errors).toEqual({ transfer_items: ['MUG-1: 0 on hand at the source location, 1 to move'] });
    expect(await rowCounts()).toEqual(before);
    expect([await countAt(source, shirt), await countAt(destination, shirt)]).toEqual(counts);
  });

  it('refuses what it cannot bind or find, field by field, with nothing written', async () => {
    const before = await rowCounts();
    const refused = async (body: Record<string, unknown>) => (await transfer(body).expect(422)).body.errors;
    expect(await refused({ source_location_id: source, destination_location_id: source, transfer_items: [{ variant_id: shirt, quantity: 1 }] })).toEqual({ destination_location_id: ['must differ from the source location'] });
    expect(await refused({ source_location_id: 987654, destination_location_id: 987655, transfer_items: [{ variant_id: 987656, quantity: 1 }] })).toEqual({
      source_location_id: ['is not a stock location'],
      destination_location_id: ['is not a stock location'],
      transfer_items: ['variant 987656 is not a variant'],
    });
    expect(await refused({ destination_location_id: destination })).toEqual({ transfer_items: ["can't be blank"] });
    expect(await refused({ destination_location_id: destination, transfer_items: [] })).toEqual({ transfer_items: ["can't be blank"] });
    expect(Object.keys(await refused({ destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 0 }] }))).toEqual(['transfer_items.0.quantity']);
    expect(Object.keys(await refused({ destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 2.5 }] }))).toEqual(['transfer_items.0.quantity']);
    expect(await refused({ destination_location_id: destination, transfer_items: ['shirt'] })).toMatchObject({ transfer_items: ['is invalid'] });
    expect(await refused({ destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 2147483647 }, { variant_id: shirt, quantity: 1 }] })).toEqual({
      transfer_items: ['is out of range: the quantities of one variant add up to too many units'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('of two transfers racing for the same units, one moves them and the other is refused; the count never goes below zero', async () => {
    const product = await createProduct(t.db, { sku: 'LAMP-1' });
    const lamp = product.masterVariantId;
    await createStockItem(t.db, source, lamp, { countOnHand: 5 });
    const other = await createStockLocation(t.db, { name: 'Outlet', propagateAllVariants: false });
    const results = await Promise.all([
      transfer({ source_location_id: source, destination_location_id: destination, transfer_items: [{ variant_id: lamp, quantity: 3 }] }),
      transfer({ source_location_id: source, destination_location_id: other, transfer_items: [{ variant_id: lamp, quantity: 3 }] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await countAt(source, lamp)).toBe(2);
    expect(((await countAt(destination, lamp)) ?? 0) + ((await countAt(other, lamp)) ?? 0)).toBe(3);
  });

  it('two transfers in opposite directions at once both complete (locks taken in one order: no deadlock)', async () => {
    const product = await createProduct(t.db, { sku: 'VASE-1' });
    const vase = product.masterVariantId;
    await createStockItem(t.db, source, vase, { countOnHand: 5 });
    await createStockItem(t.db, destination, vase, { countOnHand: 5 });
    const results = await Promise.all([
      transfer({ source_location_id: source, destination_location_id: destination, transfer_items: [{ variant_id: vase, quantity: 2 }, { variant_id: shirt, quantity: 1 }] }),
      transfer({ source_location_id: destination, destination_location_id: source, transfer_items: [{ variant_id: shirt, quantity: 1 }, { variant_id: vase, quantity: 1 }] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect([await countAt(source, vase), await countAt(destination, vase)]).toEqual([4, 6]);
  });

  it('is for staff with stock rights: stock:read lists, stock:write creates; others and customers get 401', async () => {
    const createRole = async (permissions: string[]) => (await t.http().post('/api/roles').set(admin.auth).send({ role: { name: `stock ${permissions.join(' ')}`, permissions } }).expect(201)).body.id as number;
    const staff = async (permissions: string[]) => {
      const user = await createUser(t.db);
      await t.http().put(`/api/users/${user.id}/roles`).set(admin.auth).send({ user: { role_ids: [await createRole(permissions)] } }).expect(200);
      return user;
    };
    const body = { destination_location_id: destination, transfer_items: [{ variant_id: shirt, quantity: 1 }] };
    const reader = await staff(['stock:read']);
    await t.http().get('/api/stock_transfers').set(reader.auth).expect(200);
    expect((await transfer(body, reader.auth).expect(401)).body).toEqual(UNAUTHORIZED);
    const writer = await staff(['stock:write']);
    await transfer(body, writer.auth).expect(201);
    const cataloguer = await staff(['catalog:write', 'orders:write']);
    await t.http().get('/api/stock_transfers').set(cataloguer.auth).expect(401);
    await transfer(body, cataloguer.auth).expect(401);
    const customer = await createUser(t.db);
    await t.http().get('/api/stock_transfers').set(customer.auth).expect(401);
    await t.http().get('/api/stock_transfers').expect(401);
    // A key scoped to reading stock lists transfers but cannot make one, though its user is an admin.
    const key = await t.http().post(`/api/users/${admin.id}/api_keys`).set(admin.auth).send({ api_key: { name: 'stock reader', scopes: ['stock:read'] } }).expect(201);
    const scoped = { Authorization: `Bearer ${key.body.api_key}` };
    await t.http().get('/api/stock_transfers').set(scoped).expect(200);
    await transfer(body, scoped).expect(401);
  });
});
