import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { FieldErrors, InvalidResourceError } from '../../common/errors/api-errors';
import { decimal, decimalPlacesProblem, moneyIn } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { AddressParamsDto } from '../../geography/addresses/dto/address-params.dto';
import { markUnitsTaken, PackedUnits, packUnits } from '../../inventory/inventory-units/inventory-unit-writes';
import { shipmentStock } from '../../inventory/inventory-units/shipment-stock';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { PaymentsService } from '../../payments/payment/payments.service';
import { addOrderAdjustment } from '../../orders/adjustments/adjustment-writes';
import { OrderContents } from '../../orders/line-items/order-contents.service';
import { moveOrderState } from '../../orders/order/order-moves';
import { orderTransition } from '../../orders/order/order-states';
import { OrderJson } from '../../orders/order/order.serializer';
import { OrdersService } from '../../orders/order/orders.service';
import { ImportAddress, OrderImport, VariantRef } from '../../orders/order-import/order-import-params';
import { OrderActionRunner } from '../order-action-runner';

/** The largest amount an adjustment or a shipment's cost can hold (the money columns keep 8 integer digits). */
const MAX_AMOUNT = new Decimal('99999999.99');

/** A field error of the import, at the path the client sent it (`line_items_attributes[0].sku`). */
const invalid = (path: string, message: string) => InvalidResourceError.field(path, message);

/** `value` in `currency`: refused (422 at `path`) with more decimals than the currency has, as every amount a client sets. */
function amountIn(value: string, currency: string, path: string): Decimal {
  const precision = decimalPlacesProblem(value, currencyMinorUnits(currency));
  if (precision) throw invalid(path, precision);
  return decimal(value);
}

/** 422 on the first amount of the import (line item prices, shipment costs, adjustments, payments) with more decimals than `currency` has. */
function checkPlaces(data: OrderImport, currency: string): void {
  data.lineItems.forEach((li, i) => li.price !== undefined && amountIn(li.price, currency, `line_items_attributes[${i}].price`));
  (data.shipments ?? []).forEach((s, k) => amountIn(s.cost, currency, `shipments_attributes[${k}].cost`));
  data.payments.forEach((p, i) => amountIn(p.amount, currency, `payments_attributes[${i}].amount`));
  data.adjustments.forEach((a, i) => amountIn(a.amount, currency, `adjustments_attributes[${i}].amount`));
}

/** Runs `work`; an invalid-resource error it throws names its fields under `path`. */
async function under<T>(path: string, work: () => Promise<T>, rename: (field: string) => string = (f) => `${path}.${f}`): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidResourceError) throw error.renamed((f) => (f === 'base' ? path : rename(f)));
    throw error;
  }
}

/**
 * Spree 2.2's `Spree::Core::Importer::Order` (an admin's POST /api/orders
 * with completed_at, shipments, payments or adjustments): an order another
 * system took (a marketplace, a till, a migration) comes in whole, in one
 * transaction. Each part goes through its owner: the cart and its attributes
 * and addresses through OrdersService, line items through OrderContents,
 * shipments, rates and units through ShipmentsService and the unit writes,
 * payments through PaymentsService, adjustments through the adjustment
 * writes, stock through the StockLedger. A completed import takes its stock
 * (refused as the checkout refuses what the store cannot back-order) and
 * ends with the totals and states recomputed (once, by the OrderActionRunner,
 * which runs it on the new cart). Any bad part is a 422 naming its path, and
 * the transaction keeps nothing.
 */
@Injectable()
export class OrderImportActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly orders: OrdersService,
    private readonly contents: OrderContents,
    private readonly shipments: ShipmentsService,
    private readonly payments: PaymentsService,
    private readonly ledger: StockLedger,
  ) {}

  import(caller: Caller, data: OrderImport): Promise<OrderJson> {
    return this.runner.runNew(
      (em) => this.orders.newCart(em, caller),
      async ({ em, order }) => {

        // Attributes and addresses (their countries and states by name resolved to ids first).
        const billAddress = data.billAddress && (await this.addressParams(em, data.billAddress, 'bill_address_attributes'));
        const shipAddress = data.shipAddress && (await this.addressParams(em, data.shipAddress, 'ship_address_attributes'));
        await under('base', () => this.orders.apply(em, order, caller, { attributes: data.attributes, billAddress, shipAddress }), (f) =>
          f.replace(/^(bill|ship)_address\./, '$1_address_attributes.'),
        );

        // Every amount in the order's currency (set just above), checked before anything is added: more decimals than it has are refused.
        checkPlaces(data, order.currency);

        // Line items (before the shipments: a line item added drops the order's shipments).
        const lineItemOf = new Map<number, { id: number; index: number; quantity: number; packed: number }>();
        for (const [i, li] of data.lineItems.entries()) {
          const path = `line_items_attributes[${i}]`;
          const variantId = await this.variantId(em, li, path);
          const row = await under(path, () => this.contents.add(em, order, variantId, li.quantity, li.price), (f) => `${path}.${f === 'variant_id' && li.sku ? 'sku' : f}`);
          const known = lineItemOf.get(variantId);
          if (known) known.quantity += li.quantity;
          else lineItemOf.set(variantId, { id: row.id, index: i, quantity: li.quantity, packed: 0 });
        }

        // Shipments as the other system made them, or (completed without them) as the checkout would propose them.
        const shipmentIds: number[] = [];
        const shipmentPaths = new Map<number, string>();
        for (const [k, s] of (data.shipments ?? []).entries()) {
          const path = `shipments_attributes[${k}]`;
          const [location] = await em.query(`SELECT id FROM stock_locations WHERE name = $1 ORDER BY id LIMIT 1`, [s.stockLocation]);
          if (!location) throw invalid(`${path}.stock_location`, 'is not a stock location of the store');
          const [method] = await em.query(`SELECT id FROM shipping_methods WHERE name = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [s.shippingMethod]);
          if (!method) throw invalid(`${path}.shipping_method`, 'is not a shipping method of the store');
          const cost = amountIn(s.cost, order.currency, `${path}.cost`);
          if (cost.greaterThan(MAX_AMOUNT)) throw invalid(`${path}.cost`, `must be less than or equal to ${MAX_AMOUNT.toFixed(2)}`);

          const units = new Map<number, PackedUnits>();
          for (const [j, unit] of s.units.entries()) {
            const unitPath = `${path}.inventory_units[${j}]`;
            const variantId = await this.variantId(em, unit, unitPath);
            const item = lineItemOf.get(variantId);
            const field = `${unitPath}.${unit.sku !== undefined ? 'sku' : 'variant_id'}`;
            if (!item) throw invalid(field, 'is not the variant of a line item of this order');
            // Units beyond what was ordered would take stock nobody bought.
            if (++item.packed > item.quantity) throw invalid(field, `is one unit more than the line item's quantity (${item.quantity})`);
            const packed = units.get(variantId) ?? { lineItemId: item.id, variantId, state: 'on_hand', count: 0 };
            packed.count += 1;
            units.set(variantId, packed);
          }

          const shipment = await this.shipments.create(em, order.id, location.id);
          if (s.tracking) await this.shipments.setTracking(em, shipment, s.tracking);
          await this.shipments.replaceRates(em, shipment.id, [{ shippingMethodId: method.id, cost }], method.id);
          // Pending: a completed import takes their stock below, as completion does.
          await packUnits(em, order.id, shipment.id, [...units.values()], true);
          shipmentIds.push(shipment.id);
          shipmentPaths.set(shipment.id, path);
        }
        if (data.shipments === undefined && data.completedAt && data.lineItems.length > 0) {
          const proposal = await this.shipments.propose(em, { id: order.id, currency: order.currency, shipAddressId: order.shipAddressId });
          if (!proposal.ok) {
            const errors: FieldErrors = {};
            for (const message of proposal.errors) (errors[message.startsWith('Selected quantity') ? 'line_items_attributes' : 'shipments_attributes'] ??= []).push(message);
            throw new InvalidResourceError(errors);
          }
        }

        for (const [i, a] of data.adjustments.entries()) {
          const path = `adjustments_attributes[${i}]`;
          const amount = amountIn(a.amount, order.currency, `${path}.amount`);
          if (amount.abs().greaterThan(MAX_AMOUNT)) throw invalid(`${path}.amount`, `must be between -${MAX_AMOUNT.toFixed(2)} and ${MAX_AMOUNT.toFixed(2)}`);
          // Spree's importer closes them: they never change after the import.
          await addOrderAdjustment(em, { orderId: order.id, sourceType: null, sourceId: null, amount: moneyIn(amount, order.currency), label: a.label, state: 'closed' });
        }

        for (const [i, p] of data.payments.entries()) {
          await under(`payments_attributes[${i}]`, () => this.payments.importPayment(em, order.id, p, order.currency));
        }

        if (data.completedAt) {
          // As completion does: the units' stock taken (a variant the store cannot back-order never goes below zero).
          const short = await this.ledger.takeForShipments(em, await shipmentStock(em, order.id, 'pending'));
          if (short) {
            const message = `Selected quantity of "${short.name}" is not available.`;
            const path = shipmentPaths.get(short.shipment_id);
            const item = lineItemOf.get(short.variant_id);
            throw invalid(path ? `${path}.inventory_units` : item ? `line_items_attributes[${item.index}].quantity` : 'line_items_attributes', message);
          }
          await markUnitsTaken(em, order.id);
          await moveOrderState(em, order, orderTransition(order.state, 'import')!, caller.userId, data.completedAt);
          for (const [k, s] of (data.shipments ?? []).entries()) {
            if (s.shippedAt) await this.shipments.markImportedShipped(em, shipmentIds[k], s.shippedAt);
          }
        }
      },
      ({ em, order }) => this.orders.render(em, order.id, caller, undefined),
    );
  }

  /** A variant by id or SKU (a live one; whether it can be bought is the line items' rule). */
  private async variantId(em: EntityManager, ref: VariantRef, path: string): Promise<number> {
    if (ref.variantId !== undefined) return ref.variantId;
    const [variant] = await em.query(`SELECT id FROM variants WHERE sku = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [ref.sku]);
    if (!variant) throw invalid(`${path}.sku`, 'is not the SKU of a variant of the store');
    return variant.id;
  }

  /**
   * Spree's `ensure_country_id_from_params` / `ensure_state_id_from_params`:
   * the country by iso, iso3, iso_name or name (any case); the state of that
   * country by abbreviation or name. A state the country's list lacks is
   * refused; a country without a list keeps it as `state_name`.
   */
  private async addressParams(em: EntityManager, address: ImportAddress, path: string): Promise<AddressParamsDto> {
    const fields = { ...address.fields };
    if (address.country) {
      const c = address.country;
      const [column, value] = c.iso ? ['iso', c.iso] : c.iso3 ? ['iso3', c.iso3] : c.iso_name ? ['iso_name', c.iso_name] : c.name ? ['name', c.name] : [null, null];
      if (!column) throw invalid(`${path}.country`, "can't be blank");
      const [country] = await em.query(`SELECT id FROM countries WHERE upper(${column}) = upper($1) ORDER BY id LIMIT 1`, [value!.trim()]);
      if (!country) throw invalid(`${path}.country`, 'is not a country');
      fields.country_id = country.id;
    }
    if (address.state && (address.state.abbr || address.state.name)) {
      if (!fields.country_id) throw invalid(`${path}.state`, 'needs the country');
      const { abbr, name } = address.state;
      const [country] = await em.query(`SELECT id, states_required FROM countries WHERE id = $1`, [fields.country_id]);
      const [state] = await em.query(
        `SELECT id FROM states WHERE country_id = $1 AND ${name ? 'upper(name) = upper($2)' : 'upper(abbr) = upper($2)'} ORDER BY id LIMIT 1`,
        [fields.country_id, (name ?? abbr)!.trim()],
      );
      if (state) fields.state_id = state.id;
      else if (country?.states_required) throw invalid(`${path}.state`, 'is not a state of the country');
      else fields.state_name = (name ?? abbr)!.trim();
    }
    return fields;
  }
}
