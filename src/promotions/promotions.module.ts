import { Module } from '@nestjs/common';
import { PromotionsResourceModule } from './promotions/promotions.module';

/** Promotions: coupon codes and their order discounts. */
@Module({ imports: [PromotionsResourceModule] })
export class PromotionsModule {}
