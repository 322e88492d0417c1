import { Module } from '@nestjs/common';
import { PromotionsModule } from '../../promotions/promotion/promotions.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { PromotionActions } from './promotion.actions';
import { PromotionsController } from './promotions.controller';

/** The promotions' endpoints (`/api/promotions`, admin): a change or deletion reprices the orders in checkout it touches. */
@Module({ imports: [OrderActionRunnerModule, PromotionsModule], controllers: [PromotionsController], providers: [PromotionActions] })
export class PromotionActionsModule {}

/** The promotions' routes' place among the application's modules (AppModule imports it right after PromotionsDomainModule). */
@Module({ imports: [PromotionActionsModule] })
export class PromotionActionsDomainModule {}
