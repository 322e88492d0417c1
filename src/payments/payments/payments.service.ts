import { HttpStatus, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { ApiError, ErrorText, InvalidResourceError } from '../../common/errors/api-errors';
import { decimal, moneyString } from '../../common/money/money';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity';
import { validateCard } from './card';
import { PaymentSourceDto } from './dto/payment-source.dto';
import { CreditCard } from './entities/credit-card.entity';
import { Payment } from './entities/payment.entity';
import { GatewayResponse } from './gateways/gateway';
import { gatewayFor } from './gateways/registry';
import { PaymentState, paymentTransition } from './payment-states';

const CREDIT_CARD_SOURCE = 'Spree::CreditCard';

/** A gateway refused: 422 whose `error` is the gateway's message (contract section 4). */
export class GatewayError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, { error: message, errors: { base: [message] } });
  }
}

export interface NewPayment {
  paymentMethodId: number;
  source?: PaymentSourceDto;
  /** A card saved on an earlier order of the same user (Spree's `existing_card`). */
  existingCardId?: number;
}

/**
 * Payments of an order: created at the payment step (the card's number and
 * verification value go to the gateway and are then forgotten), processed
 * when the order completes.
 */
@Injectable()
export class PaymentsService {
  /** Methods a shopper may pick: active, not deleted, shown on the storefront. */
  async availableMethods(em: EntityManager): Promise<PaymentMethod[]> {
    return em
      .createQueryBuilder(PaymentMethod, 'pm')
      .where('pm.active AND pm.deleted_at IS NULL')
      .andWhere(`COALESCE(pm.display_on, 'both') IN ('both', 'front_end', '')`)
      .orderBy('pm.id')
      .getMany();
  }

  /**
   * The payment step: a new payment of the whole order total in state
   * `checkout`; earlier checkout payments of the order become `invalid`.
   */
  async createCheckoutPayment(em: EntityManager, order: { id: number; userId: number | null; total: string }, p: NewPayment): Promise<Payment> {
    const methods = await this.availableMethods(em);
    let card: CreditCard | null = null;
    let method = methods.find((m) => m.id === p.paymentMethodId);

    if (p.existingCardId !== undefined) {
      card = await em.findOneBy(CreditCard, { id: p.existingCardId });
      // Only the card's owner may pay with it again; a guest order has no owner.
      if (!card || order.userId === null || card.userId !== order.userId) throw new GatewayError('Invalid credit card.');
      method = methods.find((m) => m.id === card!.paymentMethodId);
    }
    if (!method) throw InvalidResourceError.field('payments.payment_method_id', 'is not an available payment method');

    const gateway = gatewayFor(method.type);
    if (gateway && !card) {
      const validated = validateCard(p.source ?? {});
      if ('errors' in validated) throw new InvalidResourceError({ [`payments.${method.name}`]: validated.errors });
      const profile = gateway.createProfile({ number: validated.card.number, gatewayCustomerProfileId: null });
      if (!profile.success) throw new GatewayError(profile.message);
      const { number: _number, ...shown } = validated.card;
      card = await em.save(
        em.create(CreditCard, {
          userId: order.userId,
          paymentMethodId: method.id,
          month: shown.month,
          year: shown.year,
          name: shown.name,
          ccType: shown.ccType,
          lastDigits: shown.lastDigits,
          gatewayCustomerProfileId: profile.authorization,
          gatewayPaymentProfileId: null,
        }),
      );
    }

    await em.query(`UPDATE payments SET state = 'invalid', updated_at = now() WHERE order_id = $1 AND state = 'checkout'`, [order.id]);
    return em.save(
      em.create(Payment, {
        orderId: order.id,
        paymentMethodId: method.id,
        sourceType: card ? CREDIT_CARD_SOURCE : null,
        sourceId: card?.id ?? null,
        amount: moneyString(order.total),
        state: 'checkout',
        responseCode: null,
        avsResponse: null,
        identifier: randomBytes(6).toString('hex').toUpperCase(),
      }),
    );
  }

  /**
   * Spree's `process_payments!` at completion: each payment in checkout is
   * authorized (or captured at once when its method auto-captures). A
   * refusal throws, so the caller's transaction leaves everything unchanged.
   */
  async processForCompletion(em: EntityManager, orderId: number): Promise<void> {
    const payments = await em.find(Payment, { where: { orderId, state: 'checkout' }, order: { id: 'ASC' } });
    if (payments.length === 0) throw new InvalidResourceError({ base: ['No pending payments'] }, ErrorText.couldNotTransition);
    for (const payment of payments) {
      const method = await em.findOneByOrFail(PaymentMethod, { id: payment.paymentMethodId });
      const gateway = gatewayFor(method.type);
      if (!gateway) {
        // No source to charge (a check): it waits for the money.
        await this.moveTo(em, payment, 'pend');
        continue;
      }
      const card = payment.sourceId ? await em.findOneBy(CreditCard, { id: payment.sourceId }) : null;
      if (!card) throw new GatewayError('Payment could not be processed, please check the details you entered');
      const cents = decimal(payment.amount).times(100).toNumber();
      const source = { gatewayCustomerProfileId: card.gatewayCustomerProfileId };
      const response: GatewayResponse = method.autoCapture ? gateway.purchase(cents, source) : gateway.authorize(cents, source);
      if (!response.success) throw new GatewayError(response.message);
      payment.responseCode = response.authorization;
      payment.avsResponse = response.avsResult;
      await this.moveTo(em, payment, method.autoCapture ? 'complete' : 'pend');
    }
  }

  private async moveTo(em: EntityManager, payment: Payment, event: 'pend' | 'complete'): Promise<void> {
    const next: PaymentState | null = paymentTransition(payment.state, event);
    if (!next) throw InvalidResourceError.field('payments', `cannot ${event} a ${payment.state} payment`);
    payment.state = next;
    await em.save(payment);
  }
}
