// A storefront page on its own origin paying with Stripe: the guest checkout with fetch against the API named by
// ?api=…, the card a Stripe PaymentMethod (?pm=…, a test one, as Stripe.js would have made from its card Element),
// and 3-D Secure: completion answers 202, the page shows the bank's challenge (the payment's
// next_action.use_stripe_sdk.stripe_js, which Stripe.js opens in its iframe; here the Stripe test server's page),
// and once the shopper has answered it, completes the order again. Served by
// test/clients/stripe-storefront-browser.spec.ts; the outcome goes to window.checkout.
/* global window, document, location */
(async () => {
  const params = new URLSearchParams(location.search);
  const api = params.get('api');
  const productName = params.get('product');
  const paymentMethod = params.get('pm');
  const log = (line) => {
    const li = document.createElement('li');
    li.textContent = line;
    document.getElementById('log').append(li);
  };

  async function call(method, path, { body, token } = {}) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Spree-Order-Token'] = token;
    const res = await fetch(`${api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    log(`${method} ${path} → ${res.status}${json.state ? ` (${json.state})` : ''}`);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return { status: res.status, json };
  }

  /** Shows the challenge in an iframe (as Stripe.js's handleNextAction does) and resolves once the shopper answered it. */
  function challenge(url) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.id = 'three-d-secure';
      frame.width = '600';
      frame.height = '300';
      let loads = 0;
      // The first load is the challenge; the second, the answer to the shopper's choice.
      frame.addEventListener('load', () => {
        if (++loads === 2) {
          frame.remove();
          resolve();
        }
      });
      frame.src = url;
      document.body.append(frame);
    });
  }

  try {
    const { json: found } = await call('GET', `/api/products?q[name_cont]=${encodeURIComponent(productName)}`);
    const variantId = found.products[0].master.id;
    const { json: countries } = await call('GET', '/api/countries?q[iso_eq]=US');
    const us = countries.countries[0];
    const { json: states } = await call('GET', `/api/countries/${us.id}/states`);
    const md = states.states.find((s) => s.abbr === 'MD');

    const { json: cart } = await call('POST', '/api/orders', { body: { order: { line_items: [{ variant_id: variantId, quantity: 1 }] } } });
    const { number, token } = cart;
    await call('PUT', `/api/checkouts/${number}/next`, { token });
    const address = { firstname: 'Jane', lastname: 'Doe', address1: '7735 Old Georgetown Road', city: 'Bethesda', phone: '3014445002', zipcode: '20814', state_id: md.id, country_id: us.id };
    const { json: atDelivery } = await call('PUT', `/api/checkouts/${number}`, {
      token,
      body: { order: { email: 'stripe-storefront@example.com', bill_address_attributes: address, ship_address_attributes: address } },
    });
    const shipment = atDelivery.shipments[0];
    const { json: atPayment } = await call('PUT', `/api/checkouts/${number}`, {
      token,
      body: { order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: shipment.shipping_rates[0].id }] } },
    });
    // The Stripe method: the one with a publishable key (Stripe.js would be loaded with it).
    const stripe = atPayment.payment_methods.find((m) => m.publishable_key);
    const year = String(new Date().getFullYear() + 3);
    const { json: atConfirm } = await call('PUT', `/api/checkouts/${number}`, {
      token,
      body: {
        order: { payments_attributes: [{ payment_method_id: stripe.id }] },
        payment_source: { [stripe.id]: { gateway_payment_profile_id: paymentMethod, last_digits: '3184', month: '12', year, cc_type: 'visa', name: 'Jane Doe' } },
      },
    });
    let completion = await call('PUT', `/api/checkouts/${number}`, { token, body: {} });
    const first = completion.status;
    if (completion.status === 202) {
      const payment = completion.json.payments.find((p) => p.client_secret);
      log(`3-D Secure: ${payment.response_code}`);
      await challenge(payment.next_action.use_stripe_sdk.stripe_js);
      completion = await call('PUT', `/api/checkouts/${number}`, { token, body: {} });
    }
    window.checkout = {
      number,
      publishableKey: stripe.publishable_key,
      confirmState: atConfirm.state,
      firstStatus: first,
      state: completion.json.state,
      total: completion.json.total,
      payment: { state: completion.json.payments[0].state, response_code: completion.json.payments[0].response_code },
    };
  } catch (error) {
    window.checkout = { error: String(error && error.message ? error.message : error) };
  }
  document.title = 'done';
})();
