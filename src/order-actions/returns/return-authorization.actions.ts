import { Injectable } from '@nestjs/common';
import { Caller } from '../../common/auth/caller';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { decimal, moneyIn } from '../../common/money/money';
import { AddReturnUnitsDto, ReturnAuthorizationParamsDto } from '../../fulfilment/return-authorizations/dto/return-authorization.dto';
import { ReturnAuthorization } from '../../fulfilment/return-authorizations/entities/return-authorization.entity';
import { RETURN_SOURCE_TYPE, ReturnAuthorizationsService, RMA_CREDIT_LABEL } from '../../fulfilment/return-authorizations/return-authorizations.service';
import { addOrderAdjustment } from '../../orders/adjustments/adjustment-writes';
import { loadReturnFacts } from '../../orders/order/order-facts';
import { moveOrderState } from '../../orders/order/order-moves';
import { orderTransition } from '../../orders/order/order-states';
import { OrderActionRunner } from '../order-action-runner';

/**
 * The return authorizations endpoints' actions (admin), each run by the
 * OrderActionRunner with the order locked. Only receiving changes what the
 * order's totals come from (its credit); the others leave them as they are.
 */
@Injectable()
export class ReturnAuthorizationActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly returns: ReturnAuthorizationsService,
  ) {}

  /** Needs shipped units on the order; the amount is checked against what was paid. */
  create(orderNumber: string, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    return this.runner.run(orderNumber, async (change) => {
      change.unchanged();
      return this.returns.create(change.em, change.order, params);
    });
  }

  /** Only while authorized (Spree allows it later too, which would leave a received credit out of step). */
  update(orderNumber: string, id: number, params: ReturnAuthorizationParamsDto): Promise<ReturnAuthorization> {
    return this.runner.run(orderNumber, async (change) => {
      change.unchanged();
      return this.returns.update(change.em, change.order, id, params);
    });
  }

  /** Only while authorized; its units are released (Spree's `dependent: :nullify`). */
  async remove(orderNumber: string, id: number): Promise<void> {
    await this.runner.run(orderNumber, async (change) => {
      change.unchanged();
      await this.returns.remove(change.em, change.order, id);
    });
  }

  /**
   * Spree's `add_variant`: the authorization holds `quantity` shipped units
   * of the variant; the first units move the order to awaiting_return.
   */
  addUnits(orderNumber: string, id: number, params: AddReturnUnitsDto, caller: Caller): Promise<ReturnAuthorization> {
    return this.runner.run(orderNumber, async (change) => {
      const { em, order } = change;
      change.unchanged();
      const { ra, holdsUnits } = await this.returns.setUnits(em, order, id, params);
      if (holdsUnits && order.state !== 'awaiting_return') {
        const authorize = orderTransition(order.state, 'authorize_return');
        if (!authorize) throw InvalidResourceError.field('order', `cannot await a return while ${order.state}`);
        await moveOrderState(em, order, authorize, caller.userId);
      }
      return this.returns.touch(em, order, ra);
    });
  }

  /**
   * Spree's `receive` and `process_return`, in one transaction: the units
   * come back to stock, the order gets a credit adjustment of −amount (its
   * totals recomputed by the runner: a paid order then owes credit) and
   * becomes `returned` when no other authorization of it is still awaited.
   */
  receive(orderNumber: string, id: number, caller: Caller): Promise<ReturnAuthorization> {
    return this.runner.run(
      orderNumber,
      async ({ em, order }) => {
        const ra = await this.returns.receive(em, order, id);
        await addOrderAdjustment(em, {
          orderId: order.id,
          sourceType: RETURN_SOURCE_TYPE,
          sourceId: ra.id,
          amount: moneyIn(decimal(ra.amount).abs().negated(), order.currency),
          label: RMA_CREDIT_LABEL,
          state: 'closed',
        });
        const returned = orderTransition(order.state, 'return', await loadReturnFacts(em, order.id));
        if (returned) await moveOrderState(em, order, returned, caller.userId);
        return ra.id;
      },
      ({ em, order }, raId) => em.findOneByOrFail(ReturnAuthorization, { id: raId, orderId: order.id }),
    );
  }

  /** Spree's `cancel`: the authorization ends; its units stay on it and the order keeps its state, as in Spree. */
  cancel(orderNumber: string, id: number): Promise<ReturnAuthorization> {
    return this.runner.run(orderNumber, async (change) => {
      change.unchanged();
      return this.returns.cancel(change.em, change.order, id);
    });
  }
}
