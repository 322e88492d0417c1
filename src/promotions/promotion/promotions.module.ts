import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrdersModule } from '../../orders/order/orders.module';
import { CouponCodesController } from './coupon-codes.controller';
import { CouponCodesService } from './coupon-codes.service';
import { Promotion } from './entities/promotion.entity';
import { PromotionsController } from './promotions.controller';
import { PromotionsService } from './promotions.service';

/**
 * Promotions and coupon codes. Orders do not import this module: the order
 * updater calls the plain functions of `order-promotions.ts`, so there is no cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Promotion]), OrdersModule],
  controllers: [PromotionsController, CouponCodesController],
  providers: [PromotionsService, CouponCodesService],
  exports: [CouponCodesService],
})
export class PromotionsModule {}
