/**
 * What the shop's mail reads about an order and the thing an event tells of
 * (a shipment, a credit, a return), when a mail is first prepared. A few
 * small statements on the delivering process's own pool, once per mail: not
 * a hot read, so plain SQL rather than the order graph (which the worker
 * process, without the orders' modules, does not have).
 */
export const MAIL_ORDER = `
  SELECT o.id, o.number, o.email, o.state, o.currency, o.user_id, o.completed_at, o.bill_address_id, o.ship_address_id,
         o.item_total, o.shipment_total, o.promo_total, o.additional_tax_total, o.included_tax_total, o.adjustment_total, o.total
    FROM orders o WHERE o.id = $1`;

export const MAIL_ORDER_LINES = `
  SELECT li.quantity, li.price, v.sku, p.name,
         (SELECT string_agg(ot.presentation || ': ' || ov.presentation, ', ' ORDER BY ot.position, ov.position)
            FROM option_values_variants ovv JOIN option_values ov ON ov.id = ovv.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id
           WHERE ovv.variant_id = v.id) AS options_text
    FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
   WHERE li.order_id = $1 ORDER BY li.id`;

export const MAIL_ADDRESSES = `
  SELECT a.id, a.firstname, a.lastname, a.company, a.address1, a.address2, a.city, a.zipcode, a.phone,
         COALESCE(s.abbr, s.name, a.state_name) AS state_text, c.name AS country_name
    FROM addresses a LEFT JOIN states s ON s.id = a.state_id LEFT JOIN countries c ON c.id = a.country_id
   WHERE a.id = ANY ($1::int[])`;

export const MAIL_SHIPMENT = `
  SELECT s.id, s.order_id, s.number, s.tracking, s.shipped_at, m.name AS shipping_method, m.tracking_url
    FROM shipments s
    LEFT JOIN shipping_rates r ON r.shipment_id = s.id AND r.selected
    LEFT JOIN shipping_methods m ON m.id = r.shipping_method_id
   WHERE s.id = $1`;

export const MAIL_SHIPMENT_ITEMS = `
  SELECT p.name, v.sku, count(*)::int AS quantity
    FROM inventory_units u JOIN variants v ON v.id = u.variant_id JOIN products p ON p.id = v.product_id
   WHERE u.shipment_id = $1
   GROUP BY p.name, v.sku ORDER BY p.name, v.sku`;

export const MAIL_PAYMENT = `
  SELECT p.id, p.order_id, p.amount, m.name AS payment_method
    FROM payments p JOIN payment_methods m ON m.id = p.payment_method_id
   WHERE p.id = $1`;

export const MAIL_RETURN_AUTHORIZATION = `
  SELECT r.id, r.order_id, r.number, r.amount, r.reason, r.state FROM return_authorizations r WHERE r.id = $1`;
