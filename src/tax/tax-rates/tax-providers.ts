import { Module, Type } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { TAX_PROVIDER, TaxProvider } from './tax-provider';
import { ZoneRatesTaxProvider } from './zone-tax-provider';

/**
 * The tax providers, by the name TAX_PROVIDER gives (default `builtin`): one line each.
 * Each is a Nest provider; its constructor must not fail when another is chosen (read credentials when called).
 */
export const TAX_PROVIDERS = {
  builtin: ZoneRatesTaxProvider,
} as const satisfies Record<string, Type<TaxProvider>>;

/** The provider the configuration names; an unknown name stops the start. */
export function chooseTaxProvider(name: string, instances: Record<string, TaxProvider>): TaxProvider {
  const chosen = Object.hasOwn(instances, name) ? instances[name] : undefined;
  if (!chosen) throw new Error(`TAX_PROVIDER must be one of ${Object.keys(instances).join(', ')}, not "${name}"`);
  return chosen;
}

const NAMES = Object.keys(TAX_PROVIDERS);
const CLASSES = Object.values(TAX_PROVIDERS);

/** `@Inject(TAX_PROVIDER) taxes: TaxProvider` for the modules that import it (the order updater's). */
@Module({
  providers: [
    ...CLASSES,
    {
      provide: TAX_PROVIDER,
      inject: [APP_CONFIG, ...CLASSES],
      useFactory: (config: AppConfig, ...instances: TaxProvider[]) =>
        chooseTaxProvider(config.taxProvider, Object.fromEntries(NAMES.map((name, i) => [name, instances[i]]))),
    },
  ],
  exports: [TAX_PROVIDER],
})
export class TaxProvidersModule {}
