import { EntityManager } from 'typeorm';
import { entityColumns, entityJson, entityRows } from '../../common/db/entity-json';
import { inIds, preparedStatement } from '../../common/db/prepared-statement';
import { variantColumns, variantDetailsColumns } from '../../catalog/variants/variant-details.sql';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { Address } from '../../geography/addresses/entities/address.entity';
import { Country } from '../../geography/countries/entities/country.entity';
import { State } from '../../geography/states/entities/state.entity';
import { Shipment } from '../../fulfilment/shipments/entities/shipment.entity';
import { ShippingRate } from '../../fulfilment/shipments/entities/shipping-rate.entity';
import { SHIPPING_METHOD_JSON } from '../../fulfilment/shipments/shipment-view';
import { PaymentMethod } from '../../payments/payment-methods/entities/payment-method.entity';
import { CreditCard } from '../../payments/payment/entities/credit-card.entity';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { Adjustment } from '../adjustments/entities/adjustment.entity';
import { LineItem } from '../line-items/entities/line-item.entity';
import { Order } from './entities/order.entity';

/*
 * The SQL of the order graph (order-view.ts runs and reads it): orders with
 * everything their JSON shows, and one line item with its own.
 */

/** An order's adjustments and its shipments' rates, nested as JSON rows (order-view.ts reads them with the same). */
export const ADJUSTMENT_ROWS = (em: EntityManager) => entityRows(em, Adjustment, 'a');
export const SHIPPING_RATE_ROWS = (em: EntityManager) => entityRows(em, ShippingRate, 'sr');

const VARIANT_PROPERTIES = Object.keys(variantColumns('v'));
const PAYMENT_METHOD_PROPERTIES = ['id', 'type', 'name', 'environment'] as const;

/**
 * The statement reading orders with all their associations: the order's
 * columns, and each association as JSON rows nested under it (one round trip
 * instead of one per association; order JSON was ~15 statements).
 */
function orderGraphSql(em: EntityManager): string {
  const json = (target: Parameters<typeof entityJson>[1], alias: string, properties?: readonly string[]) => entityJson(em, target, alias, properties);
  const address = (column: string) =>
    `(SELECT json_build_object('address', ${json(Address, 'a')},
                               'country', CASE WHEN c.id IS NULL THEN NULL ELSE ${json(Country, 'c')} END,
                               'state', CASE WHEN st.id IS NULL THEN NULL ELSE ${json(State, 'st')} END)
        FROM addresses a LEFT JOIN countries c ON c.id = a.country_id LEFT JOIN states st ON st.id = a.state_id
       WHERE a.id = o.${column})`;
  const sql = `SELECT ${entityColumns(em, Order, 'o')},
    ${address('bill_address_id')} AS "billAddress",
    ${address('ship_address_id')} AS "shipAddress",
    (SELECT COALESCE(json_agg(json_build_object('item', ${json(LineItem, 'li')}, 'variant', ${json(Variant, 'v', VARIANT_PROPERTIES)},
                                                'product', json_build_object('name', p.name, 'slug', p.slug, 'description', p.description))
                              ORDER BY li.created_at, li.id), '[]')
       FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
      WHERE li.order_id = o.id) AS "lineItems",
    ${ADJUSTMENT_ROWS(em).select('FROM adjustments a WHERE a.order_id = o.id', 'a.created_at, a.id')} AS adjustments,
    (SELECT COALESCE(json_agg(json_build_object('payment', ${json(Payment, 'p')}, 'method', ${json(PaymentMethod, 'pm', PAYMENT_METHOD_PROPERTIES)},
                                                'card', CASE WHEN cc.id IS NULL THEN NULL ELSE ${json(CreditCard, 'cc')} END)
                              ORDER BY p.id), '[]')
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       LEFT JOIN credit_cards cc ON p.source_type = 'Spree::CreditCard' AND cc.id = p.source_id
      WHERE p.order_id = o.id) AS payments,
    (SELECT COALESCE(json_agg(json_build_object(
              'shipment', ${json(Shipment, 's')},
              'stockLocationName', sl.name,
              'rates', ${SHIPPING_RATE_ROWS(em).select('FROM shipping_rates sr WHERE sr.shipment_id = s.id', 'sr.cost, sr.id')},
              'manifest', (SELECT COALESCE(json_agg(json_build_object('variant_id', u.variant_id, 'state', u.state, 'units', u.units) ORDER BY u.variant_id, u.state), '[]')
                             FROM (SELECT variant_id, state, count(*)::int AS units FROM inventory_units WHERE shipment_id = s.id GROUP BY variant_id, state) u)
            ) ORDER BY s.id), '[]')
       FROM shipments s LEFT JOIN stock_locations sl ON sl.id = s.stock_location_id
      WHERE s.order_id = o.id) AS shipments,
    (SELECT COALESCE(json_agg(${SHIPPING_METHOD_JSON}), '[]') FROM shipping_methods sm
      WHERE sm.id IN (SELECT sr.shipping_method_id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id WHERE s.order_id = o.id)) AS "shippingMethods",
    ${variantDetailsColumns('IN (SELECT li.variant_id FROM line_items li WHERE li.order_id = o.id)', 'o.currency', 'small')}
  FROM orders o`;
  return sql;
}

/** Prepared, with plans PostgreSQL keeps (see inIds): it took ~4.6 ms to parse and plan the order graph and 0.5 ms to run it. */
export const ORDER_GRAPH = {
  ids: preparedStatement('order-graph-ids', (em) => `${orderGraphSql(em)} WHERE o.id ${inIds('$1')}`),
  number: preparedStatement('order-graph-number', (em) => `${orderGraphSql(em)} WHERE o.number = $1`),
};

/** A line item with its variant, product, adjustments and variant details: the statement behind `renderLineItem`, prepared. */
export const LINE_ITEM_GRAPH = preparedStatement(
  'line-item-graph',
  (em) =>
    `SELECT ${entityJson(em, LineItem, 'li')} AS item, ${entityJson(em, Variant, 'v', VARIANT_PROPERTIES)} AS variant,
            json_build_object('name', p.name, 'slug', p.slug, 'description', p.description) AS product,
            ${ADJUSTMENT_ROWS(em).select(`FROM adjustments a WHERE a.adjustable_type = 'Spree::LineItem' AND a.adjustable_id = li.id`, 'a.id')} AS adjustments,
            ${variantDetailsColumns('= li.variant_id', 'li.currency', 'small')}
       FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
      WHERE li.id = $1`,
);
