import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { ListParams, Page } from '../../common/listing/list-query';
import { registerEventRenderer } from '../../common/events/events';
import { keptRead } from '../../common/db/transaction-reads';
import { decimal, moneyString } from '../../common/money/money';
import { Order } from '../../orders/order/entities/order.entity';
import { OrderUpdater } from '../../orders/order/order-updater.service';
import { OrdersService } from '../../orders/order/orders.service';
import { CreatePaymentDto, UpdatePaymentDto } from './dto/payment.dto';
import { Payment } from './entities/payment.entity';
import { NewPaymentJson, PaymentJson, paymentJsonReadKey } from './payment.serializer';
import { GatewayError, PaymentDisplay, paymentAmount, PaymentsService } from './payments.service';

export type PaymentApiAction = 'authorize' | 'purchase' | 'capture' | 'void' | 'credit';

/** Admins pay with the back-office's methods, everyone else with the storefront's. */
const displayFor = (caller: Caller): PaymentDisplay => (caller.admin ? 'back_end' : 'front_end');

/**
 * The payments endpoints of an order. Each change is one transaction holding
 * the order's row lock and ends with the order's totals, payment state and
 * shipment states recomputed; a refusal (gateway, state, amount) keeps nothing.
 */
@Injectable()
export class PaymentsApiService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly updater: OrderUpdater,
    private readonly payments: PaymentsService,
  ) {}

  /** Payment events carry the payment's JSON as GET /api/orders/:number/payments/:id shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'payment', async (em, id) => {
      // Its order's JSON, read by this transaction after its last write, shows it already.
      const kept = keptRead<PaymentJson>(em, paymentJsonReadKey(id));
      if (kept) return kept;
      const payment = await em.findOneByOrFail(Payment, { id });
      return this.rendered(em, await em.findOneByOrFail(Order, { id: payment.orderId }), payment);
    });
  }

  async list(number: string, params: ListParams): Promise<Page<PaymentJson>> {
    const em = this.dataSource.manager;
    const order = await this.orders.findByNumber(number);
    const page = await this.payments.list(em, order.id, params);
    return { ...page, items: await this.payments.render(em, page.items, order.currency) };
  }

  describe(caller: Caller): Promise<NewPaymentJson> {
    return this.payments.describe(this.dataSource.manager, displayFor(caller));
  }

  async show(number: string, id: number): Promise<PaymentJson> {
    const em = this.dataSource.manager;
    const order = await this.orders.findByNumber(number);
    return this.rendered(em, order, await this.payments.find(em, order.id, id));
  }

  create(number: string, caller: Caller, params: CreatePaymentDto): Promise<PaymentJson> {
    return this.change(number, async (em, order) => {
      const amount = params.amount === undefined ? await this.owed(em, order) : paymentAmount(params.amount);
      let payment: Payment;
      try {
        payment = await this.payments.createCheckoutPayment(em, order, {
          paymentMethodId: params.payment_method_id,
          source: params.source_attributes,
          amount,
          // An admin's amount is kept (a part of a split payment); a shopper's checkout payment follows the order's total.
          amountFixed: caller.admin && params.amount !== undefined,
          display: displayFor(caller),
          // Only an admin records an overpayment; anyone else's flag is not honoured.
          allowOverpayment: caller.admin && params.allow_overpayment === true,
        });
      } catch (error) {
        // Here the resource is the payment itself: its fields are named as sent (the card's problems under `source_attributes`).
        if (error instanceof InvalidResourceError) {
          throw error.renamed((f) => (f === 'payments.payment_method_id' || f === 'payments.amount' ? f.slice('payments.'.length) : f.startsWith('payments.') ? 'source_attributes' : f));
        }
        throw error;
      }
      return this.finish(em, order, payment.id);
    });
  }

  update(number: string, id: number, caller: Caller, params: UpdatePaymentDto): Promise<PaymentJson> {
    return this.change(number, async (em, order) => {
      const payment = await this.payments.find(em, order.id, id, true);
      await this.payments.update(
        em,
        order,
        payment,
        { amount: params.amount, paymentMethodId: params.payment_method_id, allowOverpayment: caller.admin && params.allow_overpayment === true },
        displayFor(caller),
      );
      return this.finish(em, order, payment.id);
    });
  }

  /** PUT …/payments/:id/<action>; answers the payment acted on (for a credit, the payment credited). */
  act(number: string, id: number, action: PaymentApiAction, amount?: string | null): Promise<PaymentJson> {
    return this.change(number, async (em, order) => {
      // Under the payment's row lock as well as the order's: what was done to its money is read and changed as one.
      const payment = await this.payments.find(em, order.id, id, true);
      switch (action) {
        case 'authorize':
        case 'purchase':
          await this.payments.process(em, payment, action);
          break;
        case 'capture':
          await this.payments.capture(em, payment, amount);
          break;
        case 'void':
          await this.payments.void(em, payment);
          break;
        case 'credit':
          await this.payments.credit(em, order, payment, amount);
          break;
      }
      return this.finish(em, order, payment.id);
    });
  }

  /** One transaction with the order locked; a gateway's refusal is worded as Spree's payments API words it. */
  private async change<T>(number: string, work: (em: EntityManager, order: Order) => Promise<T>): Promise<T> {
    try {
      return await this.orders.change(number, work);
    } catch (error) {
      if (error instanceof GatewayError) throw error.forPaymentsApi();
      throw error;
    }
  }

  /** The order's totals and states follow the payment; the payment is shown as it now is. */
  private async finish(em: EntityManager, order: Order, paymentId: number): Promise<PaymentJson> {
    await this.updater.update(em, order.id);
    return this.rendered(em, order, await em.findOneByOrFail(Payment, { id: paymentId }));
  }

  private async rendered(em: EntityManager, order: Order, payment: Payment): Promise<PaymentJson> {
    const [json] = await this.payments.render(em, [payment], order.currency);
    return json;
  }

  /**
   * What the order still owes: the default amount of a new payment. Its total less what its open payments hold or
   * may take, leaving out the checkout payments the new one replaces (while in checkout, the whole total).
   */
  private async owed(em: EntityManager, order: Order): Promise<string> {
    const owed = decimal(order.total).minus(await this.payments.openPaymentsTotal(em, order.id, { replacing: 'all' }));
    if (owed.lessThanOrEqualTo(0)) throw InvalidResourceError.field('amount', "can't be blank when the order owes nothing");
    return paymentAmount(moneyString(owed));
  }
}
