import { Injectable } from '@nestjs/common';
import { Caller } from '../../common/auth/caller';
import { ErrorText, InvalidResourceError, UnauthorizedError } from '../../common/errors/api-errors';
import { raiseEvent } from '../../common/events/events';
import { decimal, moneyIn } from '../../common/money/money';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { AddressJson, serializeAddress } from '../../geography/addresses/address.serializer';
import { AddressesService } from '../../geography/addresses/addresses.service';
import { AddressParamsDto } from '../../geography/addresses/dto/address-params.dto';
import { shipmentStock } from '../../inventory/inventory-units/shipment-stock';
import { StockLedger } from '../../inventory/stock-items/stock-ledger.service';
import { OrderContents } from '../../orders/line-items/order-contents.service';
import { OrderChanges } from '../../orders/order/dto/order-changes';
import { Order } from '../../orders/order/entities/order.entity';
import { shippingFacts } from '../../orders/order/order-facts';
import { moveOrderState } from '../../orders/order/order-moves';
import { orderTransition } from '../../orders/order/order-states';
import { OrderJson } from '../../orders/order/order.serializer';
import { OrdersService } from '../../orders/order/orders.service';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { PaymentsService } from '../../payments/payment/payments.service';
import { OrderActionRunner } from '../order-action-runner';

/**
 * The order's own edits (`/api/orders/:number`, its addresses, cancel, empty),
 * run by the OrderActionRunner: it locks the order, runs the action, then
 * recomputes the totals once and renders.
 */
@Injectable()
export class OrderActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly orders: OrdersService,
    private readonly contents: OrderContents,
    private readonly addresses: AddressesService,
    private readonly payments: PaymentsService,
    private readonly ledger: StockLedger,
    private readonly shipments: ShipmentsService,
  ) {}

  /** POST /api/orders and /api/checkouts: a new cart of the caller with what the body gives (`OrdersService.apply`). */
  create(caller: Caller, changes: OrderChanges): Promise<OrderJson> {
    return this.runner.runNew(
      (em) => this.orders.newCart(em, caller),
      async (change) => {
        await this.orders.apply(change.em, change.order, caller, changes);
        // A new order's totals are zero until it has line items (or addresses to tax them).
        const priced = changes.lineItems !== undefined || changes.billAddress !== undefined || changes.shipAddress !== undefined || changes.useBilling === true;
        if (!priced) change.unchanged();
      },
      ({ em, order }) => this.orders.render(em, order.id, caller, undefined),
    );
  }

  /** PUT /api/orders/:number: attributes, addresses and line items (`OrdersService.apply`). */
  update(number: string, caller: Caller, token: string | undefined, changes: OrderChanges): Promise<OrderJson> {
    return this.runner.run(
      number,
      async ({ em, order }) => {
        await this.orders.apply(em, order, caller, changes);
      },
      async ({ em, order }) => {
        // A placed order edited (the back-office's edits): order.updated.
        if (order.completedAt) raiseEvent(em, 'order.updated', { resource: 'order', id: order.id });
        return this.orders.render(em, order.id, caller, token);
      },
    );
  }

  /** PUT /api/orders/:number/addresses/:id: the order's bill or ship address, through `apply`, so the checkout rules and totals follow. */
  updateAddress(number: string, id: number, caller: Caller, params: AddressParamsDto): Promise<AddressJson> {
    return this.runner.run(
      number,
      async (change) => {
        const { em, order } = change;
        if (order.billAddressId !== id && order.shipAddressId !== id) throw new UnauthorizedError();
        const which = order.billAddressId === id ? 'billAddress' : 'shipAddress';
        try {
          await this.orders.apply(em, order, caller, { attributes: {}, [which]: params });
          // Read here, so that what the recompute refuses is named as the address's field too.
          await change.totals();
        } catch (error) {
          // Here the resource is the address itself: its fields are named plainly.
          if (error instanceof InvalidResourceError) throw error.renamed((f) => f.replace(/^(bill|ship)_address\./, ''));
          throw error;
        }
        return which;
      },
      async ({ em, order }, which) => {
        const updated = await em.findOneByOrFail(Order, { id: order.id });
        const addressId = which === 'billAddress' ? updated.billAddressId! : updated.shipAddressId!;
        return serializeAddress(await this.addresses.find(em, addressId));
      },
    );
  }

  /** PUT /api/orders/:number/empty: every line item, shipment and adjustment goes. */
  async empty(number: string): Promise<void> {
    await this.runner.run(number, async ({ em, order }) => {
      await this.contents.empty(em, order);
    });
  }

  /**
   * PUT /api/orders/:number/cancel, Spree's `cancel!`: a completed order whose
   * shipments have not gone out is canceled, its stock put back and its
   * payments voided or credited back.
   */
  cancel(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    return this.runner.run(
      number,
      async ({ em, order }) => {
        const cancel = orderTransition(order.state, 'cancel', shippingFacts(order));
        if (!cancel) throw new InvalidResourceError({ state: [`cannot cancel an order in state ${order.state}`] }, ErrorText.couldNotTransition);
        const units = await shipmentStock(em, order.id, 'taken');
        for (const u of units) {
          await this.ledger.moveVariant(em, {
            stockLocationId: u.stock_location_id,
            variantId: u.variant_id,
            quantity: u.units,
            originatorType: 'Spree::Shipment',
            originatorId: u.shipment_id,
          });
        }
        await this.shipments.cancelForOrder(em, order.id, caller.userId);
        // Through the gateway, as Spree's `after_cancel`: authorizations are voided, captured money is credited back.
        // Each under its row lock: what was already given back decides what is left to give.
        for (const payment of await em.find(Payment, { where: { orderId: order.id }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } })) {
          if (decimal(payment.amount).isNegative()) continue; // a credit already given back
          if (payment.state === 'completed') {
            const allowed = await this.payments.creditAllowed(em, payment);
            if (allowed.greaterThan(0)) await this.payments.credit(em, order, payment, moneyIn(allowed, order.currency));
          } else if (payment.state === 'checkout' || payment.state === 'pending') {
            await this.payments.void(em, payment);
          }
        }
        await moveOrderState(em, order, cancel, caller.userId);
      },
      ({ em, order }) => this.orders.render(em, order.id, caller, token),
    );
  }

  /**
   * PUT /api/orders/:number/resume, Spree 2.2 back-office's `resume!`: a
   * canceled order is `resumed`; its shipments are resumed and their units'
   * stock taken again (Spree's `Shipment#after_resume`), under the rules of
   * completion (an item that may not be back-ordered never goes below zero:
   * 422 naming the product, nothing changed). Payments voided or credited
   * back by the cancel stay so: the order owes its total again
   * (`balance_due`) and is paid as any other.
   */
  resume(number: string, caller: Caller, token: string | undefined): Promise<OrderJson> {
    return this.runner.run(
      number,
      async ({ em, order }) => {
        const resume = orderTransition(order.state, 'resume');
        if (!resume) throw new InvalidResourceError({ state: [`cannot resume an order in state ${order.state}`] }, ErrorText.couldNotTransition);
        const short = await this.ledger.takeForShipments(em, await shipmentStock(em, order.id, 'taken'));
        if (short) throw new InvalidResourceError({ base: [`Selected quantity of "${short.name}" is not available.`] }, ErrorText.couldNotTransition);
        await this.shipments.resumeForOrder(em, order.id, caller.userId);
        await moveOrderState(em, order, resume, caller.userId);
      },
      ({ em, order }) => this.orders.render(em, order.id, caller, token),
    );
  }
}
