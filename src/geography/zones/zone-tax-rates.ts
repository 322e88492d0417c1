import { EntityManager } from 'typeorm';

/**
 * What deleting a zone needs of the tax rates that point at it: tax owns
 * them and depends on geography, so geography asks through this port; tax
 * provides it under `ZONE_TAX_RATES` (TaxRatesModule, global).
 */
export interface ZoneTaxRates {
  /** Rates of the zone deleted before are removed for good (nothing can show them any more). */
  purgeDeleted(em: EntityManager, zoneId: number): Promise<void>;
}

export const ZONE_TAX_RATES = Symbol('ZoneTaxRates');
