import { Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, MailConfig } from '../../config/configuration';
import { FileMailer } from './file-mailer';
import { MAILER, Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

/** The mailer the configuration names: SMTP_URL set, its server; otherwise `.eml` files in MAIL_DIR. */
export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new FileMailer(config.dir);
}

/** `@Inject(MAILER) mailer: Mailer` for the modules that import it. Says once at start where mail goes. */
@Module({
  providers: [{ provide: MAILER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createMailer(config.mail) }],
  exports: [MAILER],
})
export class MailerModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}

  onApplicationBootstrap(): void {
    new Logger('Mail').log(`Mail is sent ${this.mailer.description}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}
