import { Global, Module } from '@nestjs/common';
import { ACCOUNT_MAIL } from '../../accounts/users/account-mail';
import { MailerModule } from '../../common/mail/mailer.module';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { MailTemplates } from '../templates/mail-templates';
import { MailQueue } from './mail-queue.service';

/**
 * The shop's mail queue (global: it provides the accounts' ACCOUNT_MAIL
 * port). Needs the webhooks' queue (WebhookDeliveryModule) beside it: in the
 * service (AppModule) and in `npm run worker`.
 */
@Global()
@Module({
  imports: [MailerModule],
  providers: [
    { provide: MailTemplates, inject: [APP_CONFIG], useFactory: (config: AppConfig) => MailTemplates.load(config.mail.templatesDir) },
    MailQueue,
    { provide: ACCOUNT_MAIL, useExisting: MailQueue },
  ],
  exports: [MailQueue, ACCOUNT_MAIL],
})
export class MailDeliveryModule {}
