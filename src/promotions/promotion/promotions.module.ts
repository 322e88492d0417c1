import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Promotion } from './entities/promotion.entity';
import { PromotionsService } from './promotions.service';

/**
 * Promotions (admin). Their discounts on orders are the order's adjustments
 * (orders/adjustments/order-promotions.ts); coupon codes are applied by the
 * coupon actions (src/order-actions/coupons); their endpoints and the
 * repricing of the orders a change touches are the promotion actions
 * (src/order-actions/promotions).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Promotion])],
  providers: [PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
