import { Injectable } from '@nestjs/common';
import { UpdatePromotionDto } from '../../promotions/promotion/dto/promotion.dto';
import { PromotionJson } from '../../promotions/promotion/promotion.serializer';
import { PromotionsService } from '../../promotions/promotion/promotions.service';
import { OrderActionRunner } from '../order-action-runner';

/**
 * A promotion changed or deleted (admin): the orders in checkout carrying its
 * discount, locked by PromotionsService, are recomputed once each by the
 * OrderActionRunner in the same transaction.
 */
@Injectable()
export class PromotionActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly promotions: PromotionsService,
  ) {}

  update(id: number, params: UpdatePromotionDto): Promise<PromotionJson> {
    return this.runner.runAcross(
      async (em) => {
        const { promotion, orders } = await this.promotions.update(em, id, params);
        return { orders, done: promotion };
      },
      (em, promotion) => this.promotions.render(em, promotion),
    );
  }

  async remove(id: number): Promise<void> {
    await this.runner.runAcross(
      async (em) => ({ orders: await this.promotions.remove(em, id), done: undefined }),
      async () => undefined,
    );
  }
}
