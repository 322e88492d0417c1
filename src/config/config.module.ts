import { DynamicModule, Global, Module } from '@nestjs/common';
import { useStoreCurrency } from './currencies';
import { SecretBox } from './secret-box';
import { APP_CONFIG, AppConfig } from './configuration';
import { secretKeyOf } from './secret-key';

/** Makes the settings injectable everywhere as `@Inject(APP_CONFIG)`, and the secrets' box (SECRET_KEY) as `SecretBox`. */
@Global()
@Module({})
export class ConfigModule {
  static register(config: AppConfig): DynamicModule {
    // Money is rounded and written in the store's currency everywhere (its minor units: common/money).
    useStoreCurrency(config.currency);
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SecretBox, useValue: SecretBox.fromSecretKey(secretKeyOf(config)) },
      ],
      exports: [APP_CONFIG, SecretBox],
    };
  }
}
