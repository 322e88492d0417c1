import type { Request } from 'express';
import { BadRequestError, InvalidResourceError } from '../../common/errors/api-errors';
import { bindParams, readParamGroup } from '../../common/params/resource-params';
import { isEmail } from '../../common/params/email';
import { AddressParamsDto } from '../../geography/addresses/dto/address-params.dto';
import { PaymentState } from '../../payments/payment/payment-states';
import { asList } from '../order/dto/order-changes';
import {
  ImportAdjustmentDto,
  ImportCountryDto,
  ImportInventoryUnitDto,
  ImportLineItemDto,
  IMPORTED_PAYMENT_STATES,
  ImportPaymentDto,
  ImportShipmentDto,
  ImportStateDto,
  OrderImportParamsDto,
} from './dto/order-import.dto';

/** An address to import: its fields, and its country and state by name when no ids were given. */
export interface ImportAddress {
  fields: AddressParamsDto;
  country?: ImportCountryDto;
  state?: ImportStateDto;
}

/** A variant named by id or by SKU. */
export interface VariantRef {
  variantId?: number;
  sku?: string;
}

/** An admin's order import, read and checked (Spree::Core::Importer::Order's params), before anything is written. */
export interface OrderImport {
  completedAt?: Date;
  attributes: { email?: string | null; user_id?: number; special_instructions?: string | null; channel?: string; currency?: string };
  billAddress?: ImportAddress;
  shipAddress?: ImportAddress;
  lineItems: Array<VariantRef & { quantity: number; price?: string }>;
  /** Undefined when none were sent, or an empty list (a completed import then gets proposed shipments). */
  shipments?: Array<{ tracking?: string | null; stockLocation: string; shippingMethod: string; cost: string; shippedAt?: Date; units: VariantRef[] }>;
  payments: Array<{ methodName: string; amount: string; state: PaymentState }>;
  adjustments: Array<{ label: string; amount: string }>;
}

/** The keys of `order[...]` only an import has: an admin's POST /api/orders carrying one is an import. */
const IMPORT_KEYS = ['completed_at', 'shipments_attributes', 'payments_attributes', 'adjustments_attributes'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(group: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (group[n] !== undefined) return group[n];
  return undefined;
}

/** Binds one part of the body, naming bad fields with its path (`line_items_attributes[0].quantity`). */
function bindAt<T extends object>(dto: new () => T, plain: unknown, path: string): T {
  if (!isObject(plain)) throw new BadRequestError(`The parameter 'order[${path}]' must be an object.`);
  try {
    return bindParams(dto, plain);
  } catch (error) {
    if (error instanceof InvalidResourceError) throw error.renamed((field) => `${path}.${field}`);
    throw error;
  }
}

function listAt(group: Record<string, unknown>, name: string): Array<{ item: Record<string, unknown>; path: string }> {
  const value = group[name];
  if (value === undefined || value === null || value === '') return [];
  return asList(value, `order[${name}]`).map((item, i) => ({ item, path: `${name}[${i}]` }));
}

/**
 * Whether `order[...]` asks for an import: it carries completed_at,
 * shipments, payments or adjustments, line items by SKU, or an address whose
 * country or state is given by name. Anything else is an ordinary create.
 */
export function isOrderImport(req: Request): boolean {
  const group = readParamGroup(req, 'order');
  if (IMPORT_KEYS.some((k) => group[k] !== undefined)) return true;
  const lineItems = pick(group, 'line_items_attributes', 'line_items');
  const items = Array.isArray(lineItems) ? lineItems : isObject(lineItems) ? Object.values(lineItems) : [];
  if (items.some((li) => isObject(li) && li.sku !== undefined)) return true;
  return ['bill_address_attributes', 'ship_address_attributes', 'bill_address', 'ship_address'].some((k) => {
    const address = group[k];
    return isObject(address) && (address.country !== undefined || address.state !== undefined);
  });
}

function readAddress(group: Record<string, unknown>, names: [string, string]): ImportAddress | undefined {
  const plain = pick(group, ...names);
  if (plain === undefined) return undefined;
  const path = group[names[0]] !== undefined ? names[0] : names[1];
  const fields = bindAt(AddressParamsDto, plain, path);
  const address: ImportAddress = { fields };
  const { country, state } = plain as Record<string, unknown>;
  if (fields.country_id === undefined && country !== undefined && country !== null) address.country = bindAt(ImportCountryDto, country, `${path}.country`);
  if (fields.state_id === undefined && state !== undefined && state !== null) address.state = bindAt(ImportStateDto, state, `${path}.state`);
  return address;
}

function variantRef(ref: { variant_id?: number; sku?: string }, path: string): VariantRef {
  if (ref.variant_id !== undefined) return { variantId: ref.variant_id };
  if (ref.sku !== undefined) return { sku: ref.sku.trim() };
  throw InvalidResourceError.field(`${path}.sku`, "can't be blank");
}

/** Reads `order[...]` of an admin's import: only listed keys are bound, every value read as its type. */
export function readOrderImport(req: Request): OrderImport {
  const group = readParamGroup(req, 'order');
  const top = bindParams(OrderImportParamsDto, group);
  const attributes: OrderImport['attributes'] = {};
  if (top.email !== undefined) {
    const email = top.email === null ? null : top.email.trim();
    if (email !== null && email !== '' && !isEmail(email)) throw InvalidResourceError.field('email', 'is invalid');
    attributes.email = email;
  }
  if (top.user_id !== undefined) attributes.user_id = top.user_id;
  if (top.special_instructions !== undefined) attributes.special_instructions = top.special_instructions;
  if (top.channel !== undefined) attributes.channel = top.channel;
  if (top.currency !== undefined) attributes.currency = top.currency;

  const lineItemsKey = group.line_items_attributes !== undefined ? 'line_items_attributes' : 'line_items';
  const lineItems = listAt(group, lineItemsKey).map(({ item, path }) => {
    const at = path.replace(/^line_items\[/, 'line_items_attributes[');
    const li = bindAt(ImportLineItemDto, item, at);
    return { ...variantRef(li, at), quantity: li.quantity, price: li.price };
  });

  let shipments: OrderImport['shipments'];
  // As Spree's `shipments_attrs.present?`: an empty list is none (a completed import then gets proposed shipments).
  if (listAt(group, 'shipments_attributes').length > 0) {
    shipments = listAt(group, 'shipments_attributes').map(({ item, path }) => {
      const { inventory_units, ...rest } = item;
      const s = bindAt(ImportShipmentDto, rest, path);
      if (s.shipped_at !== undefined && top.completed_at === undefined) throw InvalidResourceError.field(`${path}.shipped_at`, 'needs the order’s completed_at');
      const units = listAt({ inventory_units }, 'inventory_units').map((u) => variantRef(bindAt(ImportInventoryUnitDto, u.item, `${path}.${u.path}`), `${path}.${u.path}`));
      return { tracking: s.tracking, stockLocation: s.stock_location.trim(), shippingMethod: s.shipping_method.trim(), cost: s.cost ?? '0', shippedAt: s.shipped_at, units };
    });
  }

  const payments = listAt(group, 'payments_attributes').map(({ item, path }) => {
    // spree_wombat sends the state as `status`.
    const { state, status, ...rest } = item;
    const p = bindAt(ImportPaymentDto, rest, path);
    const given = state ?? status;
    const paymentState = given === undefined || given === null || given === '' ? 'completed' : typeof given === 'string' ? given.trim().toLowerCase() : '';
    if (!(IMPORTED_PAYMENT_STATES as readonly string[]).includes(paymentState)) throw InvalidResourceError.field(`${path}.state`, 'is not a payment state');
    return { methodName: p.payment_method.trim(), amount: p.amount, state: paymentState as PaymentState };
  });

  const adjustments = listAt(group, 'adjustments_attributes').map(({ item, path }) => {
    const a = bindAt(ImportAdjustmentDto, item, path);
    return { label: a.label, amount: a.amount };
  });

  return {
    completedAt: top.completed_at,
    attributes,
    billAddress: readAddress(group, ['bill_address_attributes', 'bill_address']),
    shipAddress: readAddress(group, ['ship_address_attributes', 'ship_address']),
    lineItems,
    shipments,
    payments,
    adjustments,
  };
}
