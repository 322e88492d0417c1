import { DynamicModule, Module } from '@nestjs/common';
import { FORCE_DELIVERY, WebhookQueue } from './webhook-queue.service';

/**
 * The delivery engine (pg-boss). `forRoot()` in the service: delivers unless
 * WEBHOOKS_DELIVERY is off; `forWorker()` in `npm run worker`: always.
 */
@Module({})
export class WebhookDeliveryModule {
  static forRoot(options: { worker?: boolean } = {}): DynamicModule {
    return {
      module: WebhookDeliveryModule,
      global: true,
      providers: [WebhookQueue, { provide: FORCE_DELIVERY, useValue: options.worker ?? false }],
      exports: [WebhookQueue],
    };
  }
}
