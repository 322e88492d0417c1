/**
 * Request examples for the OpenAPI document: what Swagger UI pre-fills and a
 * reader copies. Ids are those of the sample store (`SAMPLE_DATA`): the
 * United States (224), New York (42), the Credit Card payment method (1).
 */
const ADDRESS = {
  firstname: 'John',
  lastname: 'Doe',
  address1: '10 Lovely Street',
  city: 'New York',
  zipcode: '10001',
  phone: '555-555-0199',
  country_id: 224,
  state_id: 42,
};

/** POST /api/orders, POST /api/checkouts. */
export const ORDER_BODY_EXAMPLES = {
  cart: {
    summary: 'A cart with one line item (variant ids: GET /api/products, `master.id` or `variants[].id`)',
    value: { order: { line_items: [{ variant_id: 1, quantity: 2 }] } },
  },
  empty: { summary: 'An empty cart', value: {} },
};

/** PUT /api/checkouts/{number}: what each checkout step needs. */
export const CHECKOUT_STEP_EXAMPLES = {
  address: {
    summary: 'Address step: e-mail and addresses',
    value: { order: { email: 'shopper@example.com', bill_address: ADDRESS, ship_address: ADDRESS } },
  },
  delivery: {
    summary: "Delivery step: a shipping rate per shipment (ids from the order's `shipments[].shipping_rates`)",
    value: { order: { shipments_attributes: [{ id: 1, selected_shipping_rate_id: 1 }] } },
  },
  payment: {
    summary: 'Payment step: a payment by card (the test gateway approves 4111111111111111)',
    value: {
      order: { payments_attributes: [{ payment_method_id: 1 }] },
      payment_source: { '1': { number: '4111111111111111', month: '12', year: '2030', verification_value: '123', name: 'John Doe' } },
    },
  },
  confirm: { summary: 'Confirm step: nothing to send, the order completes', value: {} },
};
