import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrdersModule } from '../../orders/order/orders.module';
import { Promotion } from './entities/promotion.entity';
import { PromotionsController } from './promotions.controller';
import { PromotionsService } from './promotions.service';

/**
 * Promotions (admin). Their discounts on orders are the order's adjustments
 * (orders/adjustments/order-promotions.ts); coupon codes are applied by the
 * coupon actions (src/order-actions/coupons).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Promotion]), OrdersModule],
  controllers: [PromotionsController],
  providers: [PromotionsService],
})
export class PromotionsModule {}
