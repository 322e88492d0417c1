// A storefront page on its own origin: the guest checkout with fetch against
// the API named by ?api=…, as a shop's front end would run it. Served by
// test/clients/storefront-browser.spec.ts; the outcome goes to window.checkout.
/* global window, document, location */
(async () => {
  const params = new URLSearchParams(location.search);
  const api = params.get('api');
  const productName = params.get('product');
  const log = (line) => {
    const li = document.createElement('li');
    li.textContent = line;
    document.getElementById('log').append(li);
  };

  async function call(method, path, { body, token, idempotencyKey } = {}) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Spree-Order-Token'] = token;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const res = await fetch(`${api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    log(`${method} ${path} → ${res.status}${json.state ? ` (${json.state})` : ''}`);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return { json, replayed: res.headers.get('Idempotent-Replayed') };
  }

  try {
    const { json: found } = await call('GET', `/api/products?q[name_cont]=${encodeURIComponent(productName)}`);
    const variantId = found.products[0].master.id;
    const { json: countries } = await call('GET', '/api/countries?q[iso_eq]=US');
    const us = countries.countries[0];
    const { json: states } = await call('GET', `/api/countries/${us.id}/states`);
    const md = states.states.find((s) => s.abbr === 'MD');

    // Cart: a JSON body and an Idempotency-Key (both need a preflight).
    const { json: cart } = await call('POST', '/api/orders', {
      body: { order: { line_items: [{ variant_id: variantId, quantity: 2 }] } },
      idempotencyKey: crypto.randomUUID(),
    });
    const { number, token } = cart;
    // The order token header (a preflight of its own).
    await call('PUT', `/api/checkouts/${number}/next`, { token });
    const address = { firstname: 'Jane', lastname: 'Doe', address1: '7735 Old Georgetown Road', city: 'Bethesda', phone: '3014445002', zipcode: '20814', state_id: md.id, country_id: us.id };
    const { json: atDelivery } = await call('PUT', `/api/checkouts/${number}`, {
      token,
      body: { order: { email: 'storefront@example.com', bill_address_attributes: address, ship_address_attributes: address } },
    });
    const shipment = atDelivery.shipments[0];
    const { json: atPayment } = await call('PUT', `/api/checkouts/${number}`, {
      token,
      body: { order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: shipment.shipping_rates[0].id }] } },
    });
    const card = atPayment.payment_methods.find((m) => m.method_type === 'gateway');
    const year = String(new Date().getFullYear() + 3);
    await call('PUT', `/api/checkouts/${number}`, {
      token,
      idempotencyKey: crypto.randomUUID(),
      body: {
        order: { payments_attributes: [{ payment_method_id: card.id }] },
        payment_source: { [card.id]: { number: '4111111111111111', month: '12', year, verification_value: '123', name: 'Jane Doe' } },
      },
    });
    const completeKey = crypto.randomUUID();
    const { json: complete } = await call('PUT', `/api/checkouts/${number}`, { token, idempotencyKey: completeKey, body: {} });
    // A retry (say, after a lost answer) is answered from the first, and the page can read that it was.
    const retry = await call('PUT', `/api/checkouts/${number}`, { token, idempotencyKey: completeKey, body: {} });
    window.checkout = { number, state: complete.state, total: complete.total, retryState: retry.json.state, replayed: retry.replayed };
  } catch (error) {
    window.checkout = { error: String(error && error.message ? error.message : error) };
  }
  document.title = 'done';
})();
