import type { EntityManager } from 'typeorm';
import { Amount, decimal, displayMoney, moneyIn, moneyString } from '../../common/money/money';
import { MailKind } from './mail-kinds';
import { MAIL_ADDRESSES, MAIL_ORDER, MAIL_ORDER_LINES, MAIL_PAYMENT, MAIL_RETURN_AUTHORIZATION, MAIL_SHIPMENT, MAIL_SHIPMENT_ITEMS } from './mail-context.sql';

/** A mail about an order, prepared: who gets it and what its templates are given (docs/accounts.md lists it). */
export interface PreparedOrderMail {
  orderId: number;
  userId: number | null;
  recipient: string | null;
  context: Record<string, unknown>;
}

interface OrderRow {
  id: number;
  number: string;
  email: string | null;
  state: string;
  currency: string;
  user_id: number | null;
  completed_at: Date | null;
  bill_address_id: number | null;
  ship_address_id: number | null;
  item_total: string;
  shipment_total: string;
  promo_total: string;
  additional_tax_total: string;
  included_tax_total: string;
  adjustment_total: string;
  total: string;
}

interface AddressRow {
  id: number;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zipcode: string | null;
  phone: string | null;
  state_text: string | null;
  country_name: string | null;
}

/** An address as the templates show it: its fields, and its lines as a label would print them. */
export function mailAddress(a: AddressRow): Record<string, unknown> {
  const fullName = [a.firstname, a.lastname].filter(Boolean).join(' ');
  const place = [a.city, [a.state_text, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    full_name: fullName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    zipcode: a.zipcode,
    state_text: a.state_text,
    country: a.country_name,
    phone: a.phone,
    lines: [fullName, a.company, a.address1, a.address2, place, a.country_name].filter((line): line is string => !!line && line.trim() !== ''),
  };
}

/** The order as every order mail shows it: number, lines and totals as displayed in its currency, addresses. */
async function mailOrder(em: EntityManager, orderId: number): Promise<{ row: OrderRow; json: Record<string, unknown> } | null> {
  const [row]: OrderRow[] = await em.query(MAIL_ORDER, [orderId]);
  if (!row) return null;
  const money = (value: Amount) => displayMoney(value, row.currency);
  const lines: Array<{ quantity: number; price: string; sku: string; name: string; options_text: string | null }> = await em.query(MAIL_ORDER_LINES, [orderId]);
  const addressIds = [row.bill_address_id, row.ship_address_id].filter((id): id is number => id !== null);
  const addresses: AddressRow[] = addressIds.length ? await em.query(MAIL_ADDRESSES, [addressIds]) : [];
  const address = (id: number | null) => {
    const found = addresses.find((a) => a.id === id);
    return found ? mailAddress(found) : null;
  };
  return {
    row,
    json: {
      number: row.number,
      email: row.email,
      state: row.state,
      currency: row.currency,
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      line_items: lines.map((li) => ({
        name: li.name,
        sku: li.sku,
        options_text: li.options_text,
        quantity: li.quantity,
        display_price: money(li.price),
        display_amount: money(decimal(li.price).times(li.quantity)),
      })),
      display_item_total: money(row.item_total),
      display_ship_total: money(row.shipment_total),
      display_promo_total: money(row.promo_total),
      display_additional_tax_total: money(row.additional_tax_total),
      display_included_tax_total: money(row.included_tax_total),
      display_adjustment_total: money(row.adjustment_total),
      display_total: money(row.total),
      has_promotion: !decimal(row.promo_total).isZero(),
      has_additional_tax: !decimal(row.additional_tax_total).isZero(),
      has_included_tax: !decimal(row.included_tax_total).isZero(),
      bill_address: address(row.bill_address_id),
      ship_address: address(row.ship_address_id),
    },
  };
}

/**
 * Reads what a mail about an event needs: the order, and the shipment, the
 * credit or the return it tells of (`subjectId`: the event's resource). Null
 * when that is gone (deleted since).
 */
export async function prepareOrderMail(em: EntityManager, kind: MailKind, subjectId: number): Promise<PreparedOrderMail | null> {
  let orderId: number;
  const extra: Record<string, unknown> = {};
  switch (kind) {
    case 'order_confirmation':
      orderId = subjectId;
      break;
    case 'shipment_shipped': {
      const [s] = await em.query(MAIL_SHIPMENT, [subjectId]);
      if (!s) return null;
      orderId = s.order_id;
      const items = await em.query(MAIL_SHIPMENT_ITEMS, [subjectId]);
      extra.shipment = {
        number: s.number,
        tracking: s.tracking,
        // Spree's tracking_url: ":tracking" stands for the number.
        tracking_url: s.tracking && s.tracking_url ? String(s.tracking_url).replace(/:tracking/g, encodeURIComponent(s.tracking)) : null,
        shipping_method: s.shipping_method,
        shipped_at: s.shipped_at ? new Date(s.shipped_at).toISOString() : null,
        items,
      };
      break;
    }
    case 'refund_issued': {
      const [p] = await em.query(MAIL_PAYMENT, [subjectId]);
      if (!p) return null;
      orderId = p.order_id;
      extra.refund = { amount: moneyString(decimal(p.amount).abs()), payment_method: p.payment_method };
      break;
    }
    case 'return_authorized':
    case 'return_received': {
      const [r] = await em.query(MAIL_RETURN_AUTHORIZATION, [subjectId]);
      if (!r) return null;
      orderId = r.order_id;
      extra.return_authorization = { number: r.number, amount: moneyString(r.amount), reason: r.reason, state: r.state };
      break;
    }
    default:
      throw new Error(`${kind} is not a mail about an order`);
  }
  const order = await mailOrder(em, orderId);
  if (!order) return null;
  const currency = order.row.currency;
  // Amounts of the thing told of, displayed in the order's currency.
  for (const value of Object.values(extra) as Array<Record<string, unknown>>) {
    if (typeof value.amount === 'string') {
      const amount = moneyIn(value.amount, currency);
      value.amount = amount;
      value.display_amount = displayMoney(amount, currency);
    }
  }
  return { orderId: order.row.id, userId: order.row.user_id, recipient: order.row.email, context: { order: order.json, ...extra } };
}
