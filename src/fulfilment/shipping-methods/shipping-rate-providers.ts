import { Module, Type } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { BuiltinShippingRates } from './builtin-shipping-rates';
import { SHIPPING_RATE_PROVIDER, ShippingRateProvider } from './shipping-rate-provider';

/**
 * The shipping rate providers, by the name SHIPPING_RATE_PROVIDER gives (default `builtin`): one line each.
 * Each is a Nest provider; its constructor must not fail when another is chosen (read credentials when called).
 */
export const SHIPPING_RATE_PROVIDERS = {
  builtin: BuiltinShippingRates,
} as const satisfies Record<string, Type<ShippingRateProvider>>;

/** The provider the configuration names; an unknown name stops the start. */
export function chooseShippingRateProvider(name: string, instances: Record<string, ShippingRateProvider>): ShippingRateProvider {
  const chosen = Object.hasOwn(instances, name) ? instances[name] : undefined;
  if (!chosen) throw new Error(`SHIPPING_RATE_PROVIDER must be one of ${Object.keys(instances).join(', ')}, not "${name}"`);
  return chosen;
}

const NAMES = Object.keys(SHIPPING_RATE_PROVIDERS);
const CLASSES = Object.values(SHIPPING_RATE_PROVIDERS);

/** `@Inject(SHIPPING_RATE_PROVIDER) rates: ShippingRateProvider` for the modules that import it. */
@Module({
  providers: [
    ...CLASSES,
    {
      provide: SHIPPING_RATE_PROVIDER,
      inject: [APP_CONFIG, ...CLASSES],
      useFactory: (config: AppConfig, ...instances: ShippingRateProvider[]) =>
        chooseShippingRateProvider(config.shippingRateProvider, Object.fromEntries(NAMES.map((name, i) => [name, instances[i]]))),
    },
  ],
  exports: [SHIPPING_RATE_PROVIDER],
})
export class ShippingRatesModule {}
