import { Module } from '@nestjs/common';
import { WebhookDeliveryModule } from './delivery/webhook-delivery.module';
import { WebhookEndpointsController } from './webhook-endpoints/webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints/webhook-endpoints.service';

/** Webhooks: the endpoints' admin API and the delivery of the outbox's events (docs/webhooks.md). */
@Module({
  imports: [WebhookDeliveryModule.forRoot()],
  controllers: [WebhookEndpointsController],
  providers: [WebhookEndpointsService],
})
export class WebhooksDomainModule {}
