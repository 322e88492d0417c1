import { Module } from '@nestjs/common';
import { ReturnAuthorizationsModule } from '../../fulfilment/return-authorizations/return-authorizations.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { ReturnAuthorizationActions } from './return-authorization.actions';
import { ReturnAuthorizationsController } from './return-authorizations.controller';

/** The return authorizations endpoints of orders (admin). */
@Module({ imports: [OrderActionRunnerModule, ReturnAuthorizationsModule], controllers: [ReturnAuthorizationsController], providers: [ReturnAuthorizationActions] })
export class ReturnActionsModule {}
