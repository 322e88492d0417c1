import { Module } from '@nestjs/common';
import { OrderActionRunnerModule } from '../order-actions.module';
import { CouponCodesController } from './coupon-codes.controller';
import { CouponActions } from './coupon.actions';

/** The coupon actions (the checkout's update applies a code too). */
@Module({ imports: [OrderActionRunnerModule], providers: [CouponActions], exports: [CouponActions] })
export class CouponActionsModule {}

/** Coupon codes applied to and removed from orders (`/api/orders/:number/…coupon_code…`). */
@Module({ imports: [CouponActionsModule], controllers: [CouponCodesController] })
export class CouponCodesApiModule {}

/** The coupon codes' routes' place among the application's modules (AppModule imports it right after PromotionsDomainModule). */
@Module({ imports: [CouponCodesApiModule] })
export class CouponCodesDomainModule {}
