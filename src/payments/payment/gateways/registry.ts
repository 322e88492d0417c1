import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '../../../config/secret-box';
import { PAYMENT_PROVIDERS, PaymentMethodType } from './payment-providers';
import type { PaymentProvider, PaymentProviderClass, ProviderSettings } from './payment-provider';

/** The instances of PAYMENT_PROVIDERS, as Nest made them (PaymentsModule). */
export const PAYMENT_PROVIDER_INSTANCES = Symbol('PAYMENT_PROVIDER_INSTANCES');

/** A provider and what the payment rules read of its class. */
export interface RegisteredProvider {
  provider: PaymentProvider;
  methodType: string;
  sourceRequired: boolean;
  paymentProfilesSupported: boolean;
  secretSettings: readonly string[];
  tokenizedCards: boolean;
}

/** What a payment method keeps that the registry needs: its type and settings. */
export interface ProvidedMethod {
  type: string;
  preferences: Record<string, unknown> | null;
}

/**
 * The payment providers by the payment method type they serve, and the
 * settings they are called with. One provider per type: a second provider
 * claiming a type already served stops the start.
 */
@Injectable()
export class PaymentProviderRegistry {
  private readonly byType = new Map<string, RegisteredProvider>();

  constructor(
    @Inject(PAYMENT_PROVIDER_INSTANCES) providers: PaymentProvider[],
    private readonly box: SecretBox,
  ) {
    for (const provider of providers) {
      const cls = provider.constructor as PaymentProviderClass;
      if (this.byType.has(cls.methodType)) throw new Error(`Two payment providers serve ${cls.methodType}`);
      this.byType.set(cls.methodType, {
        provider,
        methodType: cls.methodType,
        sourceRequired: cls.sourceRequired,
        paymentProfilesSupported: cls.paymentProfilesSupported,
        secretSettings: cls.secretSettings ?? [],
        tokenizedCards: cls.tokenizedCards ?? false,
      });
    }
  }

  /** The payment method types served. */
  types(): string[] {
    return [...this.byType.keys()];
  }

  /** The provider serving a payment method type, or undefined (a type no longer offered). */
  get(methodType: string): RegisteredProvider | undefined {
    return this.byType.get(methodType);
  }

  /**
   * A payment method's settings for its provider's calls: its preferences, the provider's secret ones opened
   * (sealed with SECRET_KEY, purpose `payment_methods.preferences`). A secret that does not open throws: a call
   * with a wrong credential must not be made.
   */
  settings(method: ProvidedMethod): ProviderSettings {
    const preferences = method.preferences ?? {};
    const secrets = this.byType.get(method.type)?.secretSettings ?? [];
    if (secrets.length === 0) return preferences;
    const opened: Record<string, unknown> = { ...preferences };
    for (const name of secrets) {
      const sealed = preferences[name];
      if (typeof sealed === 'string' && sealed !== '') opened[name] = this.box.open('payment_methods.preferences', sealed);
    }
    return opened;
  }
}

const CLASSES = new Map<string, PaymentProviderClass>(PAYMENT_PROVIDERS.map((cls) => [cls.methodType, cls]));

/** The payment method types offered (PAYMENT_PROVIDERS), for validation and the OpenAPI document. */
export const PAYMENT_METHOD_TYPES: readonly PaymentMethodType[] = PAYMENT_PROVIDERS.map((cls) => cls.methodType);

/** Whether paying with this method type keeps a card profile (Spree then adds the confirm step); read from the class, no instance needed. */
export function keepsCardProfiles(paymentMethodType: string): boolean {
  return CLASSES.get(paymentMethodType)?.paymentProfilesSupported ?? false;
}

/** The settings an admin may give a payment method type (`preferred_<name>`), and which of them are sealed; read from the class. */
export function settingsOf(paymentMethodType: string): { names: readonly string[]; secret: readonly string[] } {
  const cls = CLASSES.get(paymentMethodType);
  return { names: cls?.settingNames ?? [], secret: cls?.secretSettings ?? [] };
}
