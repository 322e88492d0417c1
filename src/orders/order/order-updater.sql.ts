import { entityColumns, JsonRows } from '../../common/db/entity-json';
import { preparedStatement } from '../../common/db/prepared-statement';
import { applicableRatesJson } from '../../tax/tax-rates/tax-calculator';
import { ORDER_PROMOTIONS_JSON } from '../adjustments/order-promotions';
import { Order } from './entities/order.entity';
import type { ShipmentRow } from './order-updater.service';

/*
 * The SQL of the order updater's one read (order-updater.service.ts runs and
 * reads it): the order row and everything its derived fields come from.
 */

/** The tax columns of an item (line item or shipment) of alias `t`, as text. */
const taxColumns = (t: string) => ({
  current_additional: `${t}.additional_tax_total::text`,
  current_included: `${t}.included_tax_total::text`,
  current_adjustment: `${t}.adjustment_total::text`,
  current_pre_tax: `${t}.pre_tax_amount::text`,
});

/** The order's line items as the updater reads them: amount, tax category and tax columns. */
export const UPDATER_LINE_ITEMS = new JsonRows<Record<string, unknown>>({
  id: 'li.id',
  quantity: 'li.quantity',
  amount: '(li.price * li.quantity)::text',
  tax_category_id: 'COALESCE(p.tax_category_id, (SELECT id FROM tax_categories WHERE is_default AND deleted_at IS NULL ORDER BY id LIMIT 1))',
  ...taxColumns('li'),
});

/** The order's shipments as the updater reads them: cost, selected rate's cost, tax category, state and tax columns. */
export const UPDATER_SHIPMENTS = new JsonRows<ShipmentRow>({
  id: 's.id',
  cost: 's.cost::text',
  amount: 'COALESCE(sr.cost, 0)::text',
  tax_category_id: 'sm.tax_category_id',
  state: 's.state',
  backordered: `EXISTS (SELECT 1 FROM inventory_units iu WHERE iu.shipment_id = s.id AND iu.state = 'backordered')`,
  ...taxColumns('s'),
});

/**
 * The updater's one read (see `update`), prepared: PostgreSQL planned it in
 * several times the time it took to run.
 */
export const UPDATER_READ = preparedStatement(
  'order-updater-read',
  (em) =>
    `SELECT ${entityColumns(em, Order, 'o')},
          ${applicableRatesJson('ta.country_id', 'ta.state_id')} AS tax_rates, ta.country_id AS tax_country_id, ta.state_id AS tax_state_id,
          ${UPDATER_LINE_ITEMS.select('FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id WHERE li.order_id = o.id', 'li.id')} AS line_items,
          ${UPDATER_SHIPMENTS.select(
            `FROM shipments s
             LEFT JOIN shipping_rates sr ON sr.shipment_id = s.id AND sr.selected
             LEFT JOIN shipping_methods sm ON sm.id = sr.shipping_method_id
            WHERE s.order_id = o.id`,
            's.id',
          )} AS shipments,
          EXISTS (SELECT 1 FROM adjustments a WHERE a.order_id = o.id AND a.source_type = 'Spree::TaxRate') AS has_taxes,
          ${ORDER_PROMOTIONS_JSON} AS promotions,
          (SELECT COALESCE(sum(amount), 0) FROM adjustments
            WHERE order_id = o.id AND adjustable_type = 'Spree::Order' AND eligible AND source_type IS DISTINCT FROM $2) AS other_order_adjustments,
          (SELECT COALESCE(array_agg(state ORDER BY id), '{}') FROM payments WHERE order_id = o.id) AS payment_states,
          (SELECT COALESCE(sum(amount), 0) FROM payments WHERE order_id = o.id AND state = 'completed') AS paid,
          (SELECT string_agg(amount::text, ',') FROM payments WHERE order_id = o.id AND state = 'checkout' AND NOT amount_fixed) AS checkout_amounts
     FROM orders o LEFT JOIN addresses ta ON ta.id = o.ship_address_id
    WHERE o.id = $1`,
);
