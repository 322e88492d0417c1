import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { ListParams, Page } from '../../common/listing/list-query';
import { registerEventRenderer } from '../../common/events/events';
import { keptRead } from '../../common/db/transaction-reads';
import { NotFoundError } from '../../common/errors/api-errors';
import { Payment } from './entities/payment.entity';
import { NewPaymentJson, PaymentJson, paymentJsonReadKey } from './payment.serializer';
import { PaymentDisplay, PaymentsService } from './payments.service';

export type PaymentApiAction = 'authorize' | 'purchase' | 'capture' | 'void' | 'credit';

/** Admins pay with the back-office's methods, everyone else with the storefront's. */
export const displayFor = (caller: Caller): PaymentDisplay => (caller.admin ? 'back_end' : 'front_end');

/** The order a payments path names: its id and currency (404 when there is none). */
interface PaymentsOrder {
  id: number;
  currency: string;
}

/**
 * The payments endpoints' reads (list, show, how to pay) and the payments'
 * JSON, also for their events. What changes a payment is an order action
 * (src/order-actions/payments).
 */
@Injectable()
export class PaymentsApiService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
  ) {}

  /** Payment events carry the payment's JSON as GET /api/orders/:number/payments/:id shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'payment', async (em, id) => {
      // Its order's JSON, read by this transaction after its last write, shows it already.
      const kept = keptRead<PaymentJson>(em, paymentJsonReadKey(id));
      if (kept) return kept;
      const payment = await em.findOneByOrFail(Payment, { id });
      const [order] = await em.query(`SELECT id, currency FROM orders WHERE id = $1`, [payment.orderId]);
      return this.rendered(em, order, payment);
    });
  }

  async list(number: string, params: ListParams): Promise<Page<PaymentJson>> {
    const em = this.dataSource.manager;
    const order = await this.findOrder(em, number);
    const page = await this.payments.list(em, order.id, params);
    return { ...page, items: await this.payments.render(em, page.items, order.currency) };
  }

  describe(caller: Caller): Promise<NewPaymentJson> {
    return this.payments.describe(this.dataSource.manager, displayFor(caller));
  }

  async show(number: string, id: number): Promise<PaymentJson> {
    const em = this.dataSource.manager;
    const order = await this.findOrder(em, number);
    return this.rendered(em, order, await this.payments.find(em, order.id, id));
  }

  private async findOrder(em: EntityManager, number: string): Promise<PaymentsOrder> {
    const [order] = await em.query(`SELECT id, currency FROM orders WHERE number = $1`, [number]);
    if (!order) throw new NotFoundError();
    return order;
  }

  /** The payment's JSON as the endpoints show it, read in `em`'s transaction. */
  async rendered(em: EntityManager, order: PaymentsOrder, payment: Payment): Promise<PaymentJson> {
    const [json] = await this.payments.render(em, [payment], order.currency);
    return json;
  }
}
