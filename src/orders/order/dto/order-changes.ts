import type { Request } from 'express';
import type { Caller } from '../../../common/auth/caller';
import { BadRequestError, InvalidResourceError } from '../../../common/errors/api-errors';
import { bindParams, readParamGroup } from '../../../common/params/resource-params';
import { readInteger } from '../../../common/params/fields';
import { AddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';
import { PaymentSourceDto } from '../../../payments/payment/dto/payment-source.dto';
import { OrderAttributesDto, OrderLineItemDto, PaymentParamsDto, ShipmentRateChoiceDto } from './order-params.dto';

/** Everything a request asks to change on an order, read and checked, with nothing a client may not set. */
export interface OrderChanges {
  attributes: { email?: string | null; special_instructions?: string | null; user_id?: number; channel?: string; currency?: string };
  useBilling?: boolean;
  billAddress?: AddressParamsDto;
  shipAddress?: AddressParamsDto;
  /** An address of the user's book, copied to the order. */
  billAddressId?: number;
  shipAddressId?: number;
  lineItems?: OrderLineItemDto[];
  shipments?: ShipmentRateChoiceDto[];
  payment?: { paymentMethodId: number; source?: PaymentSourceDto };
  existingCardId?: number;
  /** Go back to this checkout step first. */
  rewindTo?: string;
  /** Checkout only: a coupon code to apply (Spree's `order[coupon_code]`). */
  couponCode?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list sent as an array, as a hash keyed "0", "1", … (forms), or as one object (2-2-stable payments). */
export function asList(value: unknown, name: string): Record<string, unknown>[] {
  let items: unknown[];
  // Forms may number entries from 1, or skip some: holes are not entries.
  if (Array.isArray(value)) items = value.filter((item) => item !== undefined && item !== null);
  else if (isObject(value)) {
    const keys = Object.keys(value);
    items = keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]) : [value];
  } else throw new BadRequestError(`The parameter '${name}' must be a list of objects.`);
  if (items.length > 100) throw new BadRequestError(`The parameter '${name}' has too many entries (at most 100).`);
  for (const item of items) if (!isObject(item)) throw new BadRequestError(`Each entry of '${name}' must be an object.`);
  return items as Record<string, unknown>[];
}

/** Binds a nested group, naming bad fields with their path (`line_items.quantity`). */
function bindNested<T extends object>(dto: new () => T, plain: unknown, name: string): T {
  if (!isObject(plain)) throw new BadRequestError(`The parameter '${name}' must be an object.`);
  try {
    return bindParams(dto, plain);
  } catch (error) {
    if (error instanceof InvalidResourceError) throw error.renamed((field) => `${name}.${field}`);
    throw error;
  }
}

function pick(group: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (group[n] !== undefined) return group[n];
  return undefined;
}

/**
 * Reads `order[...]` (and the top-level `payment_source`, `existing_card`,
 * `state`) the way Spree's controllers do, accepting both the `line_items` /
 * `line_items_attributes` spellings and both payment forms. Admin-only
 * attributes are dropped for anyone else, like Spree's permitted attributes.
 */
export function readOrderChanges(req: Request, caller: Caller, options: { checkout: boolean }): OrderChanges {
  const group = readParamGroup(req, 'order');
  const top = { ...(req.query as Record<string, unknown>), ...(isObject(req.body) ? req.body : {}) };
  const attrs = bindParams(OrderAttributesDto, group);
  const changes: OrderChanges = { attributes: {} };
  if (attrs.email !== undefined) changes.attributes.email = attrs.email === null ? null : attrs.email.trim();
  if (attrs.special_instructions !== undefined) changes.attributes.special_instructions = attrs.special_instructions;
  if (caller.admin && attrs.user_id !== undefined) changes.attributes.user_id = attrs.user_id;
  if (caller.admin && attrs.channel !== undefined) changes.attributes.channel = attrs.channel;
  if (attrs.currency !== undefined) changes.attributes.currency = attrs.currency;
  if (attrs.use_billing !== undefined) changes.useBilling = attrs.use_billing;
  if (attrs.bill_address_id !== undefined) changes.billAddressId = attrs.bill_address_id;
  if (attrs.ship_address_id !== undefined) changes.shipAddressId = attrs.ship_address_id;

  const bill = pick(group, 'bill_address_attributes', 'bill_address');
  if (bill !== undefined) changes.billAddress = bindNested(AddressParamsDto, bill, 'bill_address');
  const ship = pick(group, 'ship_address_attributes', 'ship_address');
  if (ship !== undefined) changes.shipAddress = bindNested(AddressParamsDto, ship, 'ship_address');

  const lineItems = pick(group, 'line_items_attributes', 'line_items');
  if (lineItems !== undefined) {
    changes.lineItems = asList(lineItems, 'order[line_items]').map((li) => {
      const bound = bindNested(OrderLineItemDto, li, 'line_items');
      if (!caller.admin) delete bound.price;
      if (bound.id === undefined && (bound.variant_id === undefined || bound.variant_id === null)) throw InvalidResourceError.field('line_items.variant_id', "can't be blank");
      return bound;
    });
  }

  if (options.checkout) {
    const shipments = pick(group, 'shipments_attributes', 'shipments');
    if (shipments !== undefined) changes.shipments = asList(shipments, 'order[shipments_attributes]').map((s) => bindNested(ShipmentRateChoiceDto, s, 'shipments'));

    const payments = pick(group, 'payments_attributes', 'payments');
    if (payments !== undefined) {
      const [first] = asList(payments, 'order[payments_attributes]');
      if (first) {
        const { source_attributes, ...rest } = first;
        const payment = bindNested(PaymentParamsDto, rest, 'payments');
        const sources = pick(group, 'payment_source') ?? top.payment_source;
        let source: unknown = source_attributes;
        if (source === undefined && sources !== undefined) {
          // A form's payment_source[3][…] arrives as a sparse list: index 3 is still the method id.
          if (!isObject(sources) && !Array.isArray(sources)) throw new BadRequestError("The parameter 'payment_source' must be an object keyed by payment_method_id.");
          source = (sources as Record<string, unknown>)[String(payment.payment_method_id)];
        }
        changes.payment = {
          paymentMethodId: payment.payment_method_id,
          source: source === undefined ? undefined : bindNested(PaymentSourceDto, source, 'payment_source'),
        };
      }
    }

    const existingCard = pick(group, 'existing_card') ?? top.existing_card;
    if (existingCard !== undefined && existingCard !== '' && existingCard !== null) {
      const id = readInteger(existingCard);
      if (typeof id !== 'number' || id < 1) throw InvalidResourceError.field('existing_card', 'is invalid');
      changes.existingCardId = id;
    }
    if (typeof top.state === 'string' && top.state !== '') changes.rewindTo = top.state;
    if (attrs.coupon_code) changes.couponCode = attrs.coupon_code;
  }
  return changes;
}

