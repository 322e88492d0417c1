import { Injectable } from '@nestjs/common';
import { Caller } from '../../common/auth/caller';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { decimal, moneyIn } from '../../common/money/money';
import { CreatePaymentDto, UpdatePaymentDto } from '../../payments/payment/dto/payment.dto';
import { Payment } from '../../payments/payment/entities/payment.entity';
import { PaymentJson } from '../../payments/payment/payment.serializer';
import { displayFor, PaymentApiAction, PaymentsApiService } from '../../payments/payment/payments-api.service';
import { GatewayError, paymentAmount, PaymentsService } from '../../payments/payment/payments.service';
import { OrderAction, OrderActionRunner, OrderChange } from '../order-action-runner';

/**
 * The payments endpoints' actions (Spree's Api::PaymentsController): make,
 * change, authorize, purchase, capture, void and credit a payment of an
 * order. Run by the OrderActionRunner: the order's totals, payment state and
 * shipment states are recomputed after each, then the payment is shown as
 * it now is; a refusal (gateway, state, amount) keeps nothing.
 */
@Injectable()
export class PaymentActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly payments: PaymentsService,
    private readonly api: PaymentsApiService,
  ) {}

  /** POST …/payments: a new payment, for what the order still owes unless an amount is given. */
  create(number: string, caller: Caller, params: CreatePaymentDto): Promise<PaymentJson> {
    return this.run(number, async ({ em, order }) => {
      const amount = params.amount === undefined ? await this.owed({ em, order }) : paymentAmount(params.amount, order.currency);
      try {
        const payment = await this.payments.createCheckoutPayment(em, order, {
          paymentMethodId: params.payment_method_id,
          source: params.source_attributes,
          amount,
          // An admin's amount is kept (a part of a split payment); a shopper's checkout payment follows the order's total.
          amountFixed: caller.admin && params.amount !== undefined,
          display: displayFor(caller),
          // Only an admin records an overpayment; anyone else's flag is not honoured.
          allowOverpayment: caller.admin && params.allow_overpayment === true,
        });
        return payment.id;
      } catch (error) {
        // Here the resource is the payment itself: its fields are named as sent (the card's problems under `source_attributes`).
        if (error instanceof InvalidResourceError) {
          throw error.renamed((f) => (f === 'payments.payment_method_id' || f === 'payments.amount' ? f.slice('payments.'.length) : f.startsWith('payments.') ? 'source_attributes' : f));
        }
        throw error;
      }
    });
  }

  /** PUT …/payments/:id: its amount or payment method. */
  update(number: string, id: number, caller: Caller, params: UpdatePaymentDto): Promise<PaymentJson> {
    return this.run(number, async ({ em, order }) => {
      const payment = await this.payments.find(em, order.id, id, true);
      await this.payments.update(
        em,
        order,
        payment,
        { amount: params.amount, paymentMethodId: params.payment_method_id, allowOverpayment: caller.admin && params.allow_overpayment === true },
        displayFor(caller),
      );
      return payment.id;
    });
  }

  /** PUT …/payments/:id/<action>; answers the payment acted on (for a credit, the payment credited). */
  act(number: string, id: number, action: PaymentApiAction, amount?: string | null): Promise<PaymentJson> {
    return this.run(number, async ({ em, order }) => {
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
      return payment.id;
    });
  }

  /**
   * Runs a payment action (it returns the id of the payment to show) and shows that payment after the order's
   * recompute; a gateway's refusal is worded as Spree's payments API words it.
   */
  private async run(number: string, action: OrderAction<number>): Promise<PaymentJson> {
    try {
      return await this.runner.run(number, action, async ({ em, order }, paymentId) => this.api.rendered(em, order, await em.findOneByOrFail(Payment, { id: paymentId })));
    } catch (error) {
      if (error instanceof GatewayError) throw error.forPaymentsApi();
      throw error;
    }
  }

  /**
   * What the order still owes: the default amount of a new payment. Its total less what its open payments hold or
   * may take, leaving out the checkout payments the new one replaces (while in checkout, the whole total).
   */
  private async owed({ em, order }: Pick<OrderChange, 'em' | 'order'>): Promise<string> {
    const owed = decimal(order.total).minus(await this.payments.openPaymentsTotal(em, order.id, { replacing: 'all' }));
    if (owed.lessThanOrEqualTo(0)) throw InvalidResourceError.field('amount', "can't be blank when the order owes nothing");
    return paymentAmount(moneyIn(owed, order.currency), order.currency);
  }
}

