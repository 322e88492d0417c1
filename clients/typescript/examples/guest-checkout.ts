/**
 * docs/getting-started.md's guest checkout with the typed client: find a
 * product, cart, address, delivery, payment, complete. Run it against a
 * service started with `npm start` (the sample store), from the repository root:
 *
 *   npx ts-node --transpile-only clients/typescript/examples/guest-checkout.ts [http://localhost:3000] [mug]
 *
 * test/clients/typescript-client.spec.ts runs it too.
 */
import { createCommerceClient, ok, orderTokenHeader } from '../src';

export async function guestCheckout(baseUrl: string, search: string): Promise<{ number: string; state: string; total: string }> {
  const shop = createCommerceClient({ baseUrl });

  // 1. A product, and the variant to put in the cart (a product without variants sells its master).
  const { products } = ok(await shop.GET('/api/products', { params: { query: { q: { name_cont: search }, per_page: 1 } } }));
  const variant = products[0]?.master;
  if (!variant) throw new Error(`no product matches "${search}"`);

  // 2. The cart: the answer carries the order's number and its token, the guest's key to it.
  const cart = ok(await shop.POST('/api/orders', { body: { order: { line_items: [{ variant_id: variant.id, quantity: 2 }] } } }));
  const path = { number: cart.number };
  const header = orderTokenHeader(cart.token);

  // 3. On to the address step.
  ok(await shop.PUT('/api/checkouts/{number}/next', { params: { path, header } }));

  // 4–5. The ids of the country and state of the address.
  const { countries } = ok(await shop.GET('/api/countries', { params: { query: { q: { iso_eq: 'US' } } } }));
  const us = countries[0];
  if (!us) throw new Error('the store has no US');
  const { states } = ok(await shop.GET('/api/countries/{country_id}/states', { params: { path: { country_id: us.id }, query: { q: { abbr_eq: 'NY' } } } }));
  const ny = states[0];
  if (!ny) throw new Error('the store has no New York');

  // 6. E-mail and addresses: the order moves to delivery, with shipping rates to choose from.
  const address = { firstname: 'Jane', lastname: 'Doe', address1: '1 Main Street', city: 'New York', zipcode: '10001', phone: '2125550100', country_id: us.id, state_id: ny.id };
  ok(await shop.PUT('/api/checkouts/{number}', { params: { path, header }, body: { order: { email: 'jane@example.com', bill_address: address, ship_address: address } } }));

  // 7. Keep the cheapest rate (selected already): on to payment, which lists the payment methods.
  const atPayment = ok(await shop.PUT('/api/checkouts/{number}/next', { params: { path, header } }));
  const card = atPayment.payment_methods?.find((method) => method.method_type === 'gateway');
  if (!card) throw new Error('no card payment method');

  // 8. Pay by card (the sample store's test gateway approves 4111 1111 1111 1111): on to confirm.
  const year = String(new Date().getFullYear() + 3);
  ok(
    await shop.PUT('/api/checkouts/{number}', {
      params: { path, header },
      body: {
        order: { payments_attributes: [{ payment_method_id: card.id }] },
        payment_source: { [String(card.id)]: { number: '4111111111111111', month: '12', year, verification_value: '123', name: 'Jane Doe' } },
      },
    }),
  );

  // 9. Confirm: the order completes. The Idempotency-Key makes a retry after a lost answer safe.
  const complete = ok(await shop.PUT('/api/checkouts/{number}', { params: { path, header: { ...header, 'Idempotency-Key': `complete-${cart.number}` } } }));

  // 10. The order as the guest sees it from now on.
  const order = ok(await shop.GET('/api/orders/{number}', { params: { path, header } }));
  return { number: order.number, state: complete.state, total: order.total };
}

if (require.main === module) {
  const [baseUrl = 'http://localhost:3000', search = 'mug'] = process.argv.slice(2);
  guestCheckout(baseUrl, search).then(
    (order) => console.log(order),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
