import { createOptionType, createProduct, defaultShippingCategoryId } from '../support/catalog';
import { INVALID } from '../support/error-bodies';
import { createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/*
 * Blank values (JSON null, `field=` in a form, only spaces) of optional
 * fields: what each means is declared on the field (src/common/params/fields.ts)
 * and is never a 500. A blank slug or permalink is absent (generated from the
 * name on create, kept on update; Spree regenerates a nil slug from the name),
 * a blank id in a nested list is a new record (Rails' nested attributes), a
 * blank position keeps the place, a column that cannot be empty refuses it.
 */
describe('blank values of optional fields', () => {
  let t: TestApp;
  let admin: TestUser;
  let shippingCategoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    shippingCategoryId = await defaultShippingCategoryId(t.db);
  });
  afterAll(() => t.close());

  const slugOf = async (id: number) => (await t.db.query(`SELECT slug FROM products WHERE id = $1`, [id]))[0].slug;

  describe('product slug and permalink', () => {
    const blanks: [string, Record<string, unknown>][] = [
      ['slug null', { slug: null }],
      ['slug empty', { slug: '' }],
      ['slug spaces', { slug: '   ' }],
      ['permalink null', { permalink: null }],
      ['permalink empty', { permalink: '' }],
    ];

    it.each(blanks)('POST with %s generates the slug from the name', async (_, blank) => {
      const name = `Blank Tote ${Math.random().toString(36).slice(2, 8)}`;
      const res = await t.http().post('/api/products').set(admin.auth).send({ product: { name, price: '12.00', shipping_category_id: shippingCategoryId, ...blank } });
      expect(res.status).toBe(201);
      expect(res.body.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
      expect(res.body.permalink).toBe(res.body.slug);
    });

    it('POST with an empty slug in a form generates it from the name', async () => {
      const res = await t.http().post('/api/products').set(admin.auth).type('form').send(`product[name]=Form+Tote&product[price]=3&product[shipping_category_id]=${shippingCategoryId}&product[slug]=`);
      expect(res.status).toBe(201);
      expect(res.body.slug).toBe('form-tote');
    });

    it.each(blanks)('PUT with %s keeps the slug and applies the rest', async (_, blank) => {
      const product = await createProduct(t.db);
      const res = await t.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { name: 'Renamed', ...blank } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Renamed', slug: product.slug, permalink: product.slug });
      expect(await slugOf(product.id)).toBe(product.slug);
    });

    it('PUT with an empty slug in a form keeps the slug', async () => {
      const product = await createProduct(t.db);
      const res = await t.http().put(`/api/products/${product.id}`).set(admin.auth).type('form').send('product[slug]=');
      expect(res.status).toBe(201);
      expect(await slugOf(product.id)).toBe(product.slug);
    });

    it('still refuses a slug with nothing to keep, and a taken one', async () => {
      const product = await createProduct(t.db);
      const other = await createProduct(t.db);
      const dashes = await t.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { slug: '---' } });
      expect([dashes.status, dashes.body]).toEqual([422, { error: INVALID, errors: { slug: ['is invalid'] } }]);
      const taken = await t.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { slug: other.slug } });
      expect([taken.status, taken.body]).toEqual([422, { error: INVALID, errors: { slug: ['has already been taken'] } }]);
    });
  });

  it('an empty sku is stored as an empty sku', async () => {
    const product = await createProduct(t.db);
    await t.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { sku: null } }).expect(201);
    expect(await t.db.query(`SELECT sku FROM variants WHERE id = $1`, [product.masterVariantId])).toEqual([{ sku: '' }]);
  });

  describe('order line items', () => {
    it('a blank line item id adds a new line item, as Rails nested attributes do', async () => {
      const first = await stockedProduct(t.db);
      const second = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: first.masterVariantId, quantity: 1 }]);
      for (const id of [null, '']) {
        const res = await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { line_items: [{ id, variant_id: second.masterVariantId, quantity: 1 }] } });
        expect(res.status).toBe(200);
      }
      const lines = await t.db.query(`SELECT variant_id, quantity FROM line_items WHERE order_id = $1 ORDER BY id`, [order.id]);
      expect(lines).toEqual([
        { variant_id: first.masterVariantId, quantity: 1 },
        { variant_id: second.masterVariantId, quantity: 2 },
      ]);
    });

    it('a blank line item id without a variant is refused, naming the variant', async () => {
      const product = await stockedProduct(t.db);
      for (const line of [{ id: null }, { id: '' }, { id: '', variant_id: null }]) {
        const res = await t.http().post('/api/orders').send({ order: { line_items: [{ ...line, variant_id: line.variant_id, quantity: 1 }] } });
        expect([res.status, res.body]).toEqual([422, { error: INVALID, errors: { 'line_items.variant_id': ["can't be blank"] } }]);
      }
      const form = await t.http().post('/api/orders').type('form').send(`order[line_items][0][id]=&order[line_items][0][variant_id]=${product.masterVariantId}&order[line_items][0][quantity]=2`);
      expect(form.status).toBe(201);
      expect(form.body.line_items).toEqual([expect.objectContaining({ variant_id: product.masterVariantId, quantity: 2 })]);
    });

    it('a blank quantity is refused when changing a line item, and means 1 when adding one', async () => {
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);
      const [{ id }] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
      for (const quantity of [null, '']) {
        const res = await t.http().put(`/api/orders/${order.number}/line_items/${id}`).set(order.guest).send({ line_item: { quantity } });
        expect([res.status, res.body]).toEqual([422, { error: INVALID, errors: { quantity: ["can't be blank"] } }]);
      }
      const other = await stockedProduct(t.db);
      const added = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: other.masterVariantId, quantity: '' } });
      expect([added.status, added.body.quantity]).toEqual([201, 1]);
    });

    it("a blank channel is refused (the column cannot be empty), with the admin's other changes not applied", async () => {
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const res = await t.http().put(`/api/orders/${order.number}`).set(admin.auth).send({ order: { channel: '', email: 'changed@example.com' } });
      expect([res.status, res.body]).toEqual([422, { error: INVALID, errors: { channel: ["can't be blank"] } }]);
      expect(await t.db.query(`SELECT channel, email FROM orders WHERE id = $1`, [order.id])).toEqual([{ channel: 'spree', email: null }]);
    });
  });

  it('a blank position keeps the place of an option type', async () => {
    const optionType = await createOptionType(t.db);
    for (const position of [null, '']) {
      const res = await t.http().put(`/api/option_types/${optionType.id}`).set(admin.auth).send({ option_type: { presentation: 'Renamed', position } });
      expect([res.status, res.body.position, res.body.presentation]).toEqual([200, 1, 'Renamed']);
    }
  });
});
