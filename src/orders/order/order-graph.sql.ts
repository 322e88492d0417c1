import { EntityManager } from 'typeorm';
import { entityColumns, entityRows, JsonRows, perDataSource } from '../../common/db/entity-json';
import { inIds, preparedStatement } from '../../common/db/prepared-statement';
import { VARIANT_JSON, variantDetailsColumns } from '../../catalog/variants/variant-details.sql';
import type { VariantProductFields } from '../../catalog/variants/variant.serializer';
import { Address } from '../../geography/addresses/entities/address.entity';
import { Country } from '../../geography/countries/entities/country.entity';
import { State } from '../../geography/states/entities/state.entity';
import { Shipment } from '../../fulfilment/shipments/entities/shipment.entity';
import { ShippingRate } from '../../fulfilment/shipments/entities/shipping-rate.entity';
import { ManifestUnits, shippingMethodsJson } from '../../fulfilment/shipments/shipment-view';
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

const PAYMENT_METHOD_PROPERTIES = ['id', 'type', 'name', 'environment'] as const;

/** The JSON rows the order graph nests, built once per data source (order-view.ts reads them with the same). */
export const ORDER_GRAPH_ROWS = perDataSource((em: EntityManager) => {
  const address = entityRows(em, Address, 'a');
  const country = entityRows(em, Country, 'c');
  const state = entityRows(em, State, 'st');
  const lineItem = entityRows(em, LineItem, 'li');
  const product = new JsonRows<VariantProductFields>({ name: 'p.name', slug: 'p.slug', description: 'p.description' });
  const adjustment = entityRows(em, Adjustment, 'a');
  const payment = entityRows(em, Payment, 'p');
  const paymentMethod = entityRows(em, PaymentMethod, 'pm', PAYMENT_METHOD_PROPERTIES);
  const creditCard = entityRows(em, CreditCard, 'cc');
  const shipment = entityRows(em, Shipment, 's');
  const shippingRate = entityRows(em, ShippingRate, 'sr');
  const manifest = new JsonRows<ManifestUnits>({ variant_id: 'u.variant_id', state: 'u.state', units: 'u.units' });
  const present = (alias: string, rows: { row(): string }) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE ${rows.row()} END`;
  return {
    address,
    country,
    state,
    lineItem,
    product,
    adjustment,
    payment,
    paymentMethod,
    creditCard,
    shipment,
    shippingRate,
    manifest,
    /** An address with its country and state. */
    addressGraph: new JsonRows<{ address: unknown[]; country: unknown[] | null; state: unknown[] | null }>({
      address: address.row(),
      country: present('c', country),
      state: present('st', state),
    }),
    /** A line item with its variant and product. */
    lineItems: new JsonRows<{ item: unknown[]; variant: unknown[]; product: unknown[] }>({ item: lineItem.row(), variant: VARIANT_JSON.row(), product: product.row() }),
    /** A payment with its method and card. */
    payments: new JsonRows<{ payment: unknown[]; method: unknown[]; card: unknown[] | null }>({ payment: payment.row(), method: paymentMethod.row(), card: present('cc', creditCard) }),
    /** A shipment with its location's name, rates and units by variant and state. */
    shipments: new JsonRows<{ shipment: unknown[]; stockLocationName: string | null; rates: unknown[][]; manifest: unknown[][] }>({
      shipment: shipment.row(),
      stockLocationName: 'sl.name',
      rates: shippingRate.select('FROM shipping_rates sr WHERE sr.shipment_id = s.id', 'sr.cost, sr.id'),
      manifest: manifest.select(
        'FROM (SELECT variant_id, state, count(*)::int AS units FROM inventory_units WHERE shipment_id = s.id GROUP BY variant_id, state) u',
        'u.variant_id, u.state',
      ),
    }),
  };
});

/**
 * The statement reading orders with all their associations: the order's
 * columns, and each association as JSON rows nested under it (one round trip
 * instead of one per association; order JSON was ~15 statements).
 */
function orderGraphSql(em: EntityManager): string {
  const rows = ORDER_GRAPH_ROWS(em);
  const address = (column: string) =>
    `(SELECT ${rows.addressGraph.row()}
        FROM addresses a LEFT JOIN countries c ON c.id = a.country_id LEFT JOIN states st ON st.id = a.state_id
       WHERE a.id = o.${column})`;
  return `SELECT ${entityColumns(em, Order, 'o')},
    ${address('bill_address_id')} AS "billAddress",
    ${address('ship_address_id')} AS "shipAddress",
    ${rows.lineItems.select('FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id WHERE li.order_id = o.id', 'li.created_at, li.id')} AS "lineItems",
    ${rows.adjustment.select('FROM adjustments a WHERE a.order_id = o.id', 'a.created_at, a.id')} AS adjustments,
    ${rows.payments.select(
      `FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       LEFT JOIN credit_cards cc ON p.source_type = 'Spree::CreditCard' AND cc.id = p.source_id
      WHERE p.order_id = o.id`,
      'p.id',
    )} AS payments,
    ${rows.shipments.select('FROM shipments s LEFT JOIN stock_locations sl ON sl.id = s.stock_location_id WHERE s.order_id = o.id', 's.id')} AS shipments,
    ${shippingMethodsJson(
      `FROM shipping_methods sm
      WHERE sm.id IN (SELECT sr.shipping_method_id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id WHERE s.order_id = o.id)`,
    )} AS "shippingMethods",
    ${variantDetailsColumns('IN (SELECT li.variant_id FROM line_items li WHERE li.order_id = o.id)', 'o.currency', 'small')}
  FROM orders o`;
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
    `SELECT ${ORDER_GRAPH_ROWS(em).lineItems.row()} AS "lineItem",
            ${ORDER_GRAPH_ROWS(em).adjustment.select(`FROM adjustments a WHERE a.adjustable_type = 'Spree::LineItem' AND a.adjustable_id = li.id`, 'a.id')} AS adjustments,
            ${variantDetailsColumns('= li.variant_id', 'li.currency', 'small')}
       FROM line_items li JOIN variants v ON v.id = li.variant_id JOIN products p ON p.id = v.product_id
      WHERE li.id = $1`,
);
