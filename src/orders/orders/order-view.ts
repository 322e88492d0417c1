import { EntityManager, EntityNotFoundError, In } from 'typeorm';
import { groupById } from '../../common/collections/group-by-id';
import { runAll } from '../../common/db/run-all';
import { decimal } from '../../common/money/money';
import { loadVariantDetails, VARIANT_COLUMNS, VariantDetails, VariantRow } from '../../catalog/variants/variant-details';
import { serializeVariantSmall, VariantProductFields } from '../../catalog/variants/variant.serializer';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { Address } from '../../geography/addresses/entities/address.entity';
import { serializeAddress } from '../../geography/addresses/address.serializer';
import { Shipment } from '../../fulfilment/shipments/entities/shipment.entity';
import { serializeShipment } from '../../fulfilment/shipments/shipment.serializer';
import { loadShipmentDetails } from '../../fulfilment/shipments/shipment-view';
import { PaymentMethod } from '../../payments/payment-methods/entities/payment-method.entity';
import { CreditCard } from '../../payments/payments/entities/credit-card.entity';
import { Payment } from '../../payments/payments/entities/payment.entity';
import { cardIdOf, methodType, serializeCreditCard, serializePayment } from '../../payments/payments/payment.serializer';
import { isValidPayment } from '../../payments/payments/payment-states';
import { keepsCardProfiles } from '../../payments/payments/gateways/registry';
import { Adjustment } from '../adjustments/entities/adjustment.entity';
import { serializeAdjustment } from '../adjustments/adjustment.serializer';
import { CheckoutFacts, checkoutSteps } from '../checkout/checkout-flow';
import { LineItem } from '../line-items/entities/line-item.entity';
import { LineItemJson, LineItemVariantJson, serializeLineItem } from '../line-items/line-item.serializer';
import { Order } from './entities/order.entity';
import { OrderJson, OrderSummaryJson, serializeOrderSummary } from './order.serializer';


export function checkoutFacts(order: Pick<Order, 'total' | 'state'>, payments: Array<{ state: Payment['state']; methodType: string }>): CheckoutFacts {
  return {
    paymentRequired: decimal(order.total).greaterThan(0),
    confirmationRequired: order.state === 'confirm' || payments.some((p) => isValidPayment(p.state) && keepsCardProfiles(p.methodType)),
  };
}

/** The order's checkout steps, as the order JSON shows them. */
export async function loadCheckoutFacts(em: EntityManager, order: Order): Promise<CheckoutFacts> {
  const payments: Array<{ state: Payment['state']; type: string }> = await em.query(
    `SELECT p.state, pm.type FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id WHERE p.order_id = $1`,
    [order.id],
  );
  return checkoutFacts(order, payments.map((p) => ({ state: p.state, methodType: p.type })));
}

export async function renderOrderSummaries(em: EntityManager, orders: Order[]): Promise<OrderSummaryJson[]> {
  const payments = await em.find(Payment, { where: { orderId: In(orders.map((o) => o.id)) } });
  const methods = await em.find(PaymentMethod, { where: { id: In([...new Set(payments.map((p) => p.paymentMethodId))]) }, withDeleted: true });
  const typeOf = new Map(methods.map((m) => [m.id, m.type as string]));
  const byOrder = groupById(orders.map((o) => o.id), payments, (p) => p.orderId);
  return orders.map((o) =>
    serializeOrderSummary(o, checkoutSteps(checkoutFacts(o, (byOrder.get(o.id) ?? []).map((p) => ({ state: p.state, methodType: typeOf.get(p.paymentMethodId) ?? '' }))))),
  );
}

/**
 * Full order JSON for a set of orders, one query per association for the
 * whole set. `canUpdate` says whether the caller may change each order;
 * `paymentMethods` are those offered at the payment step.
 */
export async function renderOrders(
  em: EntityManager,
  orders: Order[],
  options: { canUpdate: (order: Order) => boolean; paymentMethods: () => Promise<PaymentMethod[]> },
): Promise<OrderJson[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.id);
  const currency = orders[0].currency;

  const addressIds = [...new Set(orders.flatMap((o) => [o.billAddressId, o.shipAddressId]).filter((id): id is number => id !== null))];
  const [addresses, lineItems, adjustments, payments, shipments] = await runAll(em, [
    () => (addressIds.length ? em.find(Address, { where: { id: In(addressIds) }, relations: { country: true, state: true } }) : Promise.resolve([] as Address[])),
    () => em.find(LineItem, { where: { orderId: In(orderIds) }, order: { createdAt: 'ASC', id: 'ASC' } }),
    () => em.find(Adjustment, { where: { orderId: In(orderIds) }, order: { createdAt: 'ASC', id: 'ASC' } }),
    () => em.find(Payment, { where: { orderId: In(orderIds) }, order: { id: 'ASC' } }),
    () => em.find(Shipment, { where: { orderId: In(orderIds) }, order: { id: 'ASC' } }),
  ] as const);
  const addressById = new Map(addresses.map((a) => [a.id, a]));

  // Line items and their variants (deleted variants still show on old orders).
  const variantIds = [...new Set(lineItems.map((li) => li.variantId))];
  const variants = await loadLineItemVariants(em, variantIds);
  const details = await loadVariantDetails(em, variantIds, currency);
  const variantJson = new Map<number, LineItemVariantJson>(variants.map(({ variant, product }) => [variant.id, lineItemVariantJson(variant, product, details)]));

  // Payments, their methods and card sources.
  const methodIds = [...new Set(payments.map((p) => p.paymentMethodId))];
  const methods = methodIds.length ? await em.find(PaymentMethod, { where: { id: In(methodIds) } }) : [];
  const methodById = new Map(methods.map((m) => [m.id, m]));
  const cardIds = payments.map(cardIdOf).filter((id): id is number => id !== null);
  const cards = cardIds.length ? await em.find(CreditCard, { where: { id: In(cardIds) } }) : [];
  const cardById = new Map(cards.map((c) => [c.id, c]));

  const shipmentDetails = await loadShipmentDetails(em, shipments);

  const needsMethods = orders.some((o) => o.state === 'payment');
  const available = needsMethods ? await options.paymentMethods() : [];

  const lineItemsByOrder = groupById(orderIds, lineItems, (li) => li.orderId);
  const paymentsByOrder = groupById(orderIds, payments, (p) => p.orderId);
  const shipmentsByOrder = groupById(orderIds, shipments, (s) => s.orderId);
  const adjustmentsByOrder = groupById(orderIds, adjustments, (a) => a.orderId);

  return orders.map((order) => {
    const c = order.currency;
    const orderAdjustments = adjustmentsByOrder.get(order.id) ?? [];
    const orderPayments = paymentsByOrder.get(order.id) ?? [];
    const facts = checkoutFacts(order, orderPayments.map((p) => ({ state: p.state, methodType: methodById.get(p.paymentMethodId)?.type ?? '' })));
    const bill = order.billAddressId ? addressById.get(order.billAddressId) : undefined;
    const ship = order.shipAddressId ? addressById.get(order.shipAddressId) : undefined;
    // A credit's source is the payment it refunds, not a card.
    const usedCards = [...new Set(orderPayments.filter((p) => isValidPayment(p.state)).map(cardIdOf).filter((id): id is number => id !== null && cardById.has(id)))];
    const json: OrderJson = {
      ...serializeOrderSummary(order, checkoutSteps(facts)),
      bill_address: bill ? serializeAddress(bill) : null,
      ship_address: ship ? serializeAddress(ship) : null,
      line_items: (lineItemsByOrder.get(order.id) ?? []).map((li) =>
        serializeLineItem(
          li,
          variantJson.get(li.variantId)!,
          orderAdjustments.filter((a) => a.adjustableType === 'Spree::LineItem' && a.adjustableId === li.id).map((a) => serializeAdjustment(a, c)),
        ),
      ),
      payments: orderPayments.map((p) => serializePayment(p, methodById.get(p.paymentMethodId)!, cardById.get(cardIdOf(p) ?? 0) ?? null, c)),
      shipments: (shipmentsByOrder.get(order.id) ?? []).map((s) =>
        serializeShipment(s, {
          orderNumber: order.number,
          currency: c,
          stockLocationName: shipmentDetails.locationNames.get(s.stockLocationId) ?? '',
          rates: shipmentDetails.rates.get(s.id) ?? [],
          methods: shipmentDetails.methods,
          manifest: shipmentDetails.manifests.get(s.id) ?? [],
        }),
      ),
      adjustments: orderAdjustments.filter((a) => a.adjustableType === 'Spree::Order').map((a) => serializeAdjustment(a, c)),
      credit_cards: usedCards.map((id) => serializeCreditCard(cardById.get(id)!)),
      permissions: { can_update: options.canUpdate(order) },
    };
    if (order.state === 'payment') {
      json.payment_methods = available.map((m) => ({ id: m.id, name: m.name, environment: m.environment, method_type: methodType(m) }));
    }
    return json;
  });
}

/** One line item as POST/PUT line item answer it. */
export async function renderLineItem(em: EntityManager, item: LineItem): Promise<LineItemJson> {
  const [found] = await loadLineItemVariants(em, [item.variantId]);
  if (!found) throw new EntityNotFoundError(Variant, { id: item.variantId });
  const details = await loadVariantDetails(em, [item.variantId], item.currency);
  const adjustments = await em.find(Adjustment, { where: { adjustableType: 'Spree::LineItem', adjustableId: item.id }, order: { id: 'ASC' } });
  return serializeLineItem(
    item,
    lineItemVariantJson(found.variant, found.product, details),
    adjustments.map((a) => serializeAdjustment(a, item.currency)),
  );
}

function lineItemVariantJson(variant: VariantRow, product: VariantProductFields, details: VariantDetails): LineItemVariantJson {
  return { ...serializeVariantSmall(variant, product, details), product_id: variant.productId };
}

/**
 * Line items' variants (deleted ones too: old orders still show them) with
 * their products' name, slug and description: plain rows in one query, as the
 * catalog reads them (entity hydration costs more than the query).
 */
async function loadLineItemVariants(em: EntityManager, variantIds: number[]): Promise<Array<{ variant: VariantRow; product: VariantProductFields }>> {
  if (variantIds.length === 0) return [];
  const rows: Array<VariantRow & { productName: string; productSlug: string; productDescription: string | null }> = await em.query(
    `SELECT ${VARIANT_COLUMNS}, p.name AS "productName", p.slug AS "productSlug", p.description AS "productDescription"
       FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1)`,
    [variantIds],
  );
  return rows.map(({ productName, productSlug, productDescription, ...variant }) => ({ variant, product: { name: productName, slug: productSlug, description: productDescription } }));
}
