import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IncomingHttpHeaders } from 'node:http';
import { DataSource } from 'typeorm';
import { ApiError, BadRequestError, NotFoundError } from '../../common/errors/api-errors';
import { PaymentMethod } from '../../payments/payment-methods/entities/payment-method.entity';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { ProviderEvent, ProviderWebhookRefused } from '../../payments/payment/gateways/payment-provider';
import { PaymentProviderRegistry } from '../../payments/payment/gateways/registry';
import { PaymentsService } from '../../payments/payment/payments.service';
import { claimProviderEvent, findProviderEvent, recordProviderEventOutcome } from '../../payments/payment/provider-events';
import { OrderActionRunner, OrderChange } from '../order-action-runner';
import { CheckoutActions } from './checkout.actions';

/** What one event of a webhook came to. */
export interface ProviderEventOutcome {
  id: string;
  type: string;
  /** Handled before (a replay, or a delivery racing this one): nothing was done this time. */
  replayed: boolean;
  outcome: string;
}

/**
 * A payment provider's webhooks (`POST /api/payment_methods/:id/webhooks`, Stripe's): the signature checked by the
 * provider over the raw body with the method's signing secret (400 and nothing done when it does not hold), then
 * each event handled once (its id recorded in `payment_provider_events` in the transaction of its change), through
 * the order action runner on the order of the payment it is about:
 *
 * - authorized / captured (`payment_intent.amount_capturable_updated`, `.succeeded`): a payment still `processing`
 *   (the shopper authenticated and never came back to the storefront) completes its order, the storefront's own
 *   completion step; the order's lock makes that completion and the storefront's take turns, so the order
 *   completes once. An order that cannot complete any more (stock gone) has its payment failed and the hold released.
 * - failed / canceled (`payment_intent.payment_failed`, `.canceled`): a payment still `processing` fails, its attempt
 *   canceled, its order back at the payment step.
 * - refunded (`charge.refunded`): what was given back at the provider beyond the books (a refund in Stripe's
 *   dashboard) is recorded as a credit; our own refunds are in the books already and not counted twice.
 * - disputed (`charge.dispute.created`): `payment.disputed` raised (our own webhooks, docs/webhooks.md).
 */
@Injectable()
export class ProviderWebhookActions {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: PaymentProviderRegistry,
    private readonly payments: PaymentsService,
    private readonly runner: OrderActionRunner,
    private readonly checkout: CheckoutActions,
  ) {}

  async receive(paymentMethodId: number, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<ProviderEventOutcome[]> {
    const method = await this.dataSource.manager.findOneBy(PaymentMethod, { id: paymentMethodId });
    const provider = method ? this.providers.get(method.type)?.provider : undefined;
    if (!method || !provider?.handleWebhook) throw new NotFoundError();
    let events: ProviderEvent[];
    try {
      events = await provider.handleWebhook({ settings: this.providers.settings(method), rawBody, headers });
    } catch (error) {
      if (error instanceof ProviderWebhookRefused) throw new BadRequestError(error.message);
      throw error;
    }
    const outcomes: ProviderEventOutcome[] = [];
    for (const event of events) outcomes.push(await this.handle(method, event));
    return outcomes;
  }

  private async handle(method: PaymentMethod, event: ProviderEvent): Promise<ProviderEventOutcome> {
    const target = await this.payments.findByReference(this.dataSource.manager, method.type, event.authorization);
    const claim = { eventId: event.id, eventType: event.type, paymentMethodId: method.id, paymentId: target?.paymentId ?? null };
    const replay = async (): Promise<ProviderEventOutcome> => ({ id: event.id, type: event.type, replayed: true, outcome: (await findProviderEvent(this.dataSource.manager, event.id))?.outcome ?? '' });
    if (!target) {
      // Not a payment of this shop (another system's on the same account, or an attempt whose request rolled back).
      const outcome = `no payment has ${event.authorization}: nothing to do`;
      const claimed = await this.dataSource.transaction(async (em) => {
        if (!(await claimProviderEvent(em, claim))) return false;
        await recordProviderEventOutcome(em, event.id, outcome);
        return true;
      });
      return claimed ? { id: event.id, type: event.type, replayed: false, outcome } : replay();
    }
    const done = await this.runner.run(target.orderNumber, async (change) => {
      if (!(await claimProviderEvent(change.em, claim))) {
        change.unchanged();
        return null;
      }
      const payment = await this.payments.find(change.em, change.order.id, target.paymentId, true);
      const outcome = await this.act(change, payment, event);
      await recordProviderEventOutcome(change.em, event.id, outcome);
      return outcome;
    });
    if (done === null) return replay();
    this.logger.log(`${event.type} ${event.id} (payment ${target.paymentId}, order ${target.orderNumber}): ${done}`);
    return { id: event.id, type: event.type, replayed: false, outcome: done };
  }

  private async act(change: OrderChange, payment: Payment, event: ProviderEvent): Promise<string> {
    switch (event.kind) {
      case 'authorized':
      case 'captured':
        return this.completeAwaited(change, payment);
      case 'failed':
      case 'canceled': {
        if (payment.state !== 'processing') return this.nothing(change, `the payment is ${payment.state}: nothing to do`);
        await this.checkout.failAwaitingPayment(change, payment);
        return `the payment failed${event.reason ? ` (${event.reason})` : ''}; the order is back at ${change.order.state}`;
      }
      case 'refunded': {
        const credit = await this.payments.recordProviderRefund(change.em, payment, event.amount ?? 0, event.reference ?? null);
        if (!credit) return this.nothing(change, 'every refund is in the books already');
        return `a refund of ${credit.amount.replace('-', '')} made at the provider recorded as credit ${credit.id}`;
      }
      case 'disputed':
        this.payments.recordDispute(change.em, payment);
        change.unchanged();
        return `dispute ${event.reference ?? ''} (${event.reason ?? 'no reason given'}) of ${event.amount ?? '?'} ${event.currency ?? ''} recorded; payment.disputed raised`;
      default:
        return this.nothing(change, 'nothing to do');
    }
  }

  /** The shopper authenticated: a payment still waiting completes its order (or, when the order cannot complete, fails and is released). */
  private async completeAwaited(change: OrderChange, payment: Payment): Promise<string> {
    if (payment.state !== 'processing') return this.nothing(change, `the payment is ${payment.state}: nothing to do (its order completed already, or it was replaced)`);
    try {
      // In a savepoint: a completion refused leaves nothing of itself, and the payment is failed in its place.
      const result = await change.nested((step) => this.checkout.completeAwaited(step));
      if (result === 'completed') {
        // The step recomputed the order's totals in its savepoint.
        change.unchanged();
        return `order ${change.order.number} completed`;
      }
      if (result === 'awaiting_customer') return 'the payment still waits for the customer';
      return this.nothing(change, `the order is ${change.order.state}: not completed here`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // What stood in the way (the first field error), else the error itself.
      const why = Object.values(error.body.errors ?? {}).flat()[0] ?? error.body.error;
      // Read again: the savepoint rolled back what the completion did to it.
      const fresh = await this.payments.find(change.em, change.order.id, payment.id, true);
      if (fresh.state !== 'processing') return `the order could not complete (${why})`;
      await this.checkout.failAwaitingPayment(change, fresh);
      return `the order could not complete (${why}): the payment failed and its authorization was released`;
    }
  }

  private nothing(change: OrderChange, outcome: string): string {
    change.unchanged();
    return outcome;
  }
}
