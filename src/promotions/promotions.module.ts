import { Module } from '@nestjs/common';
import { PromotionsModule } from './promotion/promotions.module';

/** Promotions: coupon codes and their order discounts. */
@Module({ imports: [PromotionsModule] })
export class PromotionsDomainModule {}
