import { Module } from '@nestjs/common';
import { MailDeliveryModule } from './delivery/mail-delivery.module';
import { MailDeliveriesController } from './mail-deliveries/mail-deliveries.controller';
import { MailDeliveriesService } from './mail-deliveries/mail-deliveries.service';

/** The shop's mail: templates, the queue that sends it from the outbox's events and the accounts' requests, the mail log (docs/accounts.md). */
@Module({
  imports: [MailDeliveryModule],
  controllers: [MailDeliveriesController],
  providers: [MailDeliveriesService],
})
export class MailDomainModule {}
