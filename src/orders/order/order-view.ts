import { EntityManager, EntityNotFoundError, In } from 'typeorm';
import { groupById } from '../../common/collections/group-by-id';
import { VariantRow, VariantSmallDetails, variantSmallDetailsFromJson } from '../../catalog/variants/variant-details';
import { VARIANT_JSON, VariantSmallDetailsJson } from '../../catalog/variants/variant-details.sql';
import { serializeVariantSmall, VariantProductFields, VariantView } from '../../catalog/variants/variant.serializer';
import { Address } from '../../geography/addresses/entities/address.entity';
import { serializeAddress } from '../../geography/addresses/address.serializer';
import { Shipment } from '../../fulfilment/shipments/entities/shipment.entity';
import { serializeShipment } from '../../fulfilment/shipments/shipment.serializer';
import { ShippingRate } from '../../fulfilment/shipments/entities/shipping-rate.entity';
import { manifestOf, ManifestUnits, shippingMethodsById } from '../../fulfilment/shipments/shipment-view';
import { PaymentMethod } from '../../payments/payment-methods/entities/payment-method.entity';
import { publishableKeyOf } from '../../payments/payment-methods/payment-method.serializer';
import { CreditCard } from '../../payments/payment/entities/credit-card.entity';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { methodType, paymentJsonReadKey, serializeCreditCard, serializePayment } from '../../payments/payment/payment.serializer';
import { isValidPayment } from '../../payments/payment/payment-states';
import { Adjustment } from '../adjustments/entities/adjustment.entity';
import { serializeAdjustment } from '../adjustments/adjustment.serializer';
import { LineItem } from '../line-items/entities/line-item.entity';
import { LineItemJson, LineItemVariantJson, serializeLineItem } from '../line-items/line-item.serializer';
import { Order } from './entities/order.entity';
import { LINE_ITEM_GRAPH, ORDER_GRAPH, ORDER_GRAPH_ROWS } from './order-graph.sql';
import { checkoutFacts } from './order-facts';
import { checkoutSteps } from './order-states';
import { OrderJson, OrderSummaryJson, serializeOrderSummary } from './order.serializer';
import { revealOrderToken } from './order-token';
import type { SecretBox } from '../../config/secret-box';
import { keepRead, keptRead } from '../../common/db/transaction-reads';

export async function renderOrderSummaries(em: EntityManager, orders: Order[], box: SecretBox): Promise<OrderSummaryJson[]> {
  const payments = await em.find(Payment, { where: { orderId: In(orders.map((o) => o.id)) } });
  const methods = await em.find(PaymentMethod, { where: { id: In([...new Set(payments.map((p) => p.paymentMethodId))]) }, withDeleted: true });
  const typeOf = new Map(methods.map((m) => [m.id, m.type as string]));
  const byOrder = groupById(orders.map((o) => o.id), payments, (p) => p.orderId);
  return orders.map((o) =>
    serializeOrderSummary(
      o,
      checkoutSteps(checkoutFacts(o, (byOrder.get(o.id) ?? []).map((p) => ({ state: p.state, methodType: typeOf.get(p.paymentMethodId) ?? '' })))),
      revealOrderToken(box, o),
    ),
  );
}

/** An order's row and everything its JSON shows, as the one statement of `loadOrderGraphs` returns it. */
interface OrderGraph {
  order: Order;
  billAddress: Address | null;
  shipAddress: Address | null;
  lineItems: Array<{ item: LineItem; variant: VariantRow; product: VariantProductFields }>;
  /** The line items' variants' prices (in the order's currency), option values, images and stock. */
  variantDetails: VariantSmallDetails;
  adjustments: Adjustment[];
  payments: Array<{ payment: Payment; method: Pick<PaymentMethod, 'id' | 'type' | 'name' | 'environment'>; card: CreditCard | null }>;
  shipments: Array<{ shipment: Shipment; stockLocationName: string | null; rates: ShippingRate[]; manifest: ManifestUnits[] }>;
  /** The nested rows of `shippingMethodsJson`. */
  shippingMethods: unknown[][];
}

/** Which orders to read: by ids (in that order), or the one with this number. */
export type OrderSelection = { ids: number[] } | { number: string };

const orderGraphReadKey = (orderId: number): string => `order-graph:${orderId}`;

/**
 * Orders with everything their JSON shows, in the order of the ids asked for
 * (missing ones left out): one statement, or none when the transaction read
 * them all already and has written nothing since (the events of a change
 * use the graph its answer read; common/db/transaction-reads).
 */
async function loadOrderGraphs(em: EntityManager, selection: OrderSelection): Promise<OrderGraph[]> {
  if ('ids' in selection) {
    const kept = selection.ids.map((id) => keptRead<OrderGraph>(em, orderGraphReadKey(id)));
    if (kept.every((g) => g !== undefined)) return kept as OrderGraph[];
  }
  const graphs = await readOrderGraphs(em, selection);
  for (const graph of graphs) keepRead(em, orderGraphReadKey(graph.order.id), graph);
  return graphs;
}

async function readOrderGraphs(em: EntityManager, selection: OrderSelection): Promise<OrderGraph[]> {
  const found: Array<Order & VariantSmallDetailsJson & Record<'billAddress' | 'shipAddress' | 'lineItems' | 'adjustments' | 'payments' | 'shipments' | 'shippingMethods', any>> =
    'ids' in selection ? await ORDER_GRAPH.ids(em).run(em, [selection.ids]) : await ORDER_GRAPH.number(em).run(em, [selection.number]);
  const byId = new Map(found.map((r) => [r.id, r]));
  const orderIds = 'ids' in selection ? selection.ids : found.map((r) => r.id);
  const rows = ORDER_GRAPH_ROWS(em);
  const address = (value: unknown[] | null): Address | null => {
    if (!value) return null;
    const a = rows.addressGraph.readRow(value);
    return { ...rows.address.readRow(a.address), country: a.country && rows.country.readRow(a.country), state: a.state && rows.state.readRow(a.state) };
  };
  return orderIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const { billAddress, shipAddress, lineItems, adjustments, payments, shipments, shippingMethods, prices, optionValues, images, stock, ...order } = byId.get(id)!;
      const items = lineItemsOf(rows, lineItems);
      return {
        order: order as Order,
        billAddress: address(billAddress),
        shipAddress: address(shipAddress),
        lineItems: items,
        variantDetails: variantSmallDetailsFromJson(
          items.map((li: { variant: VariantRow }) => li.variant.id),
          { prices, optionValues, images, stock },
          order.currency,
        ),
        adjustments: rows.adjustment.read(adjustments),
        payments: rows.payments.read(payments).map((p) => ({
          payment: rows.payment.readRow(p.payment),
          method: rows.paymentMethod.readRow(p.method),
          card: p.card && rows.creditCard.readRow(p.card),
        })),
        shipments: rows.shipments.read(shipments).map((s) => ({
          shipment: rows.shipment.readRow(s.shipment),
          stockLocationName: s.stockLocationName,
          rates: rows.shippingRate.read(s.rates),
          manifest: rows.manifest.read(s.manifest),
        })),
        shippingMethods,
      };
    });
}

/**
 * Full order JSON for a set of orders (by id, in that order, or the one with a
 * number; none when there is no such order): their rows and associations,
 * the line items' variant details included, in one statement. `canUpdate`
 * says whether the caller may change each order; `paymentMethods` are those
 * offered at the payment step; `box` opens the orders' tokens; `variantView`
 * says whom the line items' variants are shown to (cost_price for admins).
 */
export async function renderOrders(
  em: EntityManager,
  selection: OrderSelection,
  options: { canUpdate: (order: Order) => boolean; paymentMethods: () => Promise<PaymentMethod[]>; box: SecretBox; variantView: VariantView },
): Promise<OrderJson[]> {
  if ('ids' in selection && selection.ids.length === 0) return [];
  const graphs = await loadOrderGraphs(em, selection);
  if (graphs.length === 0) return [];
  const needsMethods = graphs.some((g) => g.order.state === 'payment');
  const available = needsMethods ? await options.paymentMethods() : [];

  return graphs.map(({ order, billAddress, shipAddress, lineItems, variantDetails, adjustments, payments, shipments, shippingMethods }) => {
    const c = order.currency;
    const facts = checkoutFacts(order, payments.map((p) => ({ state: p.payment.state, methodType: p.method.type })));
    const cardById = new Map(payments.flatMap((p) => (p.card ? [[p.card.id, p.card] as const] : [])));
    // A credit's source is the payment it refunds, not a card.
    const usedCards = [...new Set(payments.filter((p) => isValidPayment(p.payment.state)).map((p) => p.card?.id).filter((id): id is number => id !== undefined))];
    const methods = shippingMethodsById(shippingMethods);
    const json: OrderJson = {
      ...serializeOrderSummary(order, checkoutSteps(facts), revealOrderToken(options.box, order)),
      bill_address: billAddress ? serializeAddress(billAddress) : null,
      ship_address: shipAddress ? serializeAddress(shipAddress) : null,
      line_items: lineItems.map(({ item, variant, product }) =>
        serializeLineItem(
          item,
          lineItemVariantJson(variant, product, variantDetails, options.variantView),
          adjustments.filter((a) => a.adjustableType === 'Spree::LineItem' && a.adjustableId === item.id).map((a) => serializeAdjustment(a, c)),
        ),
      ),
      payments: payments.map((p) => {
        const payment = serializePayment(p.payment, p.method, p.card, c);
        keepRead(em, paymentJsonReadKey(p.payment.id), payment);
        return payment;
      }),
      shipments: shipments.map((s) =>
        serializeShipment(s.shipment, {
          orderNumber: order.number,
          currency: c,
          stockLocationName: s.stockLocationName ?? '',
          rates: s.rates,
          methods,
          manifest: manifestOf(s.manifest),
        }),
      ),
      adjustments: adjustments.filter((a) => a.adjustableType === 'Spree::Order').map((a) => serializeAdjustment(a, c)),
      credit_cards: usedCards.map((id) => serializeCreditCard(cardById.get(id)!)),
      permissions: { can_update: options.canUpdate(order) },
    };
    if (order.state === 'payment') {
      json.payment_methods = available.map((m) => {
        const publishableKey = publishableKeyOf(m);
        return { id: m.id, name: m.name, environment: m.environment, method_type: methodType(m), ...(publishableKey ? { publishable_key: publishableKey } : {}) };
      });
    }
    return json;
  });
}

/** One line item as POST/PUT line item answer it: the item, its variant, product, adjustments and the variant's details in one statement. */
export async function renderLineItem(em: EntityManager, lineItemId: number, view: VariantView): Promise<LineItemJson> {
  const [row] = await LINE_ITEM_GRAPH(em).run<VariantSmallDetailsJson & { lineItem: unknown[]; adjustments: unknown[][] }>(em, [lineItemId]);
  if (!row) throw new EntityNotFoundError(LineItem, { id: lineItemId });
  const rows = ORDER_GRAPH_ROWS(em);
  const [{ item, variant, product }] = lineItemsOf(rows, [row.lineItem]);
  return serializeLineItem(
    item,
    lineItemVariantJson(variant, product, variantSmallDetailsFromJson([variant.id], row, item.currency), view),
    rows.adjustment.read(row.adjustments).map((a) => serializeAdjustment(a, item.currency)),
  );
}

/** Line items as the order graph nests them (`lineItems`: the item, its variant and product). */
function lineItemsOf(rows: ReturnType<typeof ORDER_GRAPH_ROWS>, values: unknown[][]): OrderGraph['lineItems'] {
  return rows.lineItems.read(values).map((li) => ({ item: rows.lineItem.readRow(li.item), variant: VARIANT_JSON.readRow(li.variant), product: rows.product.readRow(li.product) }));
}

function lineItemVariantJson(variant: VariantRow, product: VariantProductFields, details: VariantSmallDetails, view: VariantView): LineItemVariantJson {
  return { ...serializeVariantSmall(variant, product, details, view), product_id: variant.productId };
}
