import { createOrder, stockedProduct } from '../support/orders';
import { defaultShippingCategoryId } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin } from '../support/users';

// A store whose CURRENCY has no minor units (JPY): its amounts are whole yen, written without decimals, and a
// client's amount with decimals is refused, never rounded (ISO 4217 exponent, config/currencies.ts).
describe('a JPY store', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ CURRENCY: 'JPY' })));
  afterAll(() => t.close());

  it('writes an order in whole yen', async () => {
    const product = await stockedProduct(t.db, { price: '1500' });
    await t.db.query(`UPDATE prices SET currency = 'JPY'`);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);
    const body = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
    expect(body).toMatchObject({ currency: 'JPY', item_total: '4500', total: '4500', display_item_total: '¥4,500', display_total: '¥4,500' });
    expect(body.line_items[0]).toMatchObject({ price: '1500', display_amount: '¥4,500' });
  });

  it("refuses a price with decimals (yen have none) rather than round it, and takes whole yen", async () => {
    const admin = await createAdmin(t.db);
    const product = async (price: string) => ({ name: `Tea ${price}`, price, shipping_category_id: await defaultShippingCategoryId(t.db) });
    const refused = await t.http().post('/api/products').set(admin.auth).send({ product: await product('1500.5') }).expect(422);
    expect(refused.body.errors).toEqual({ price: ['must have at most 0 decimal places'] });
    const created = await t.http().post('/api/products').set(admin.auth).send({ product: await product('1500') }).expect(201);
    expect(created.body).toMatchObject({ price: '1500', display_price: '¥1,500' });
  });
});
