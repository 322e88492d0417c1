import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { PaymentsService } from '../../payments/payment/payments.service';
import { OrderActionRunner } from '../order-action-runner';
import { CheckoutActions } from './checkout.actions';

/** Payments one sweep abandons at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Abandoned 3-D Secure: a payment left `processing` (its customer asked to authenticate, never completing the
 * order) for longer than PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS fails, its attempt canceled at the provider (a
 * shopper who authenticated late is not charged: the hold is released), its order back at the payment step. No
 * stock is held while a payment waits. Each process sweeps at start and every CHARGE_RECONCILE_INTERVAL_SECONDS;
 * each payment through the order action runner (the order's lock: a completion or a webhook at the same moment
 * takes its turn, and the sweep finds the payment no longer waiting).
 */
@Injectable()
export class AbandonedPaymentsSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AbandonedPayments');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: OrderActionRunner,
    private readonly payments: PaymentsService,
    private readonly checkout: CheckoutActions,
  ) {}

  onApplicationBootstrap(): void {
    this.inBackground();
    this.timer = setInterval(() => this.inBackground(), this.config.charges.reconcileIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep: answers how many payments it abandoned. */
  async sweep(): Promise<number> {
    const timeout = this.config.charges.awaitingCustomerTimeoutSeconds;
    const stale: Array<{ id: number; number: string }> = await this.dataSource.query(
      `SELECT p.id, o.number FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.state = 'processing' AND p.updated_at < now() - make_interval(secs => $1) ORDER BY p.id LIMIT ${SWEEP_BATCH}`,
      [timeout],
    );
    let abandoned = 0;
    for (const { id, number } of stale) {
      try {
        const done = await this.runner.run(number, async (change) => {
          const payment = await this.payments.find(change.em, change.order.id, id, true);
          // Read again under the order's lock: completed, replaced or refreshed by another request meanwhile.
          const [{ old }] = await change.em.query(`SELECT updated_at < now() - make_interval(secs => $2) AS old FROM payments WHERE id = $1`, [id, timeout]);
          if (payment.state !== 'processing' || !old) {
            change.unchanged();
            return false;
          }
          await this.checkout.failAwaitingPayment(change, payment);
          return true;
        });
        if (done) {
          abandoned++;
          this.logger.warn(`Payment ${id} of order ${number} waited over ${timeout} s for its customer: its attempt was canceled and the payment failed`);
        }
      } catch (error) {
        this.logger.warn(`Payment ${id} of order ${number} could not be abandoned yet (tried again at the next sweep): ${(error as Error).message}`);
      }
    }
    return abandoned;
  }

  private inBackground(): void {
    if (this.running) return;
    this.running = this.sweep()
      .catch((error: Error) => this.logger.warn(`Abandoned payments sweep could not run: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
