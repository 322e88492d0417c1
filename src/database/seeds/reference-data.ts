import { EntityManager } from 'typeorm';
// The package's index also loads its 8 MB city list, which then stays in every process's heap.
import CscCountry from 'country-state-city/lib/cjs/country';
import CscState from 'country-state-city/lib/cjs/state';
import countries from 'i18n-iso-countries';

/** EU members, for the `EU_VAT` zone. */
const EU_MEMBERS = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
/** Countries whose states we load (and whose addresses therefore need one). */
const COUNTRIES_WITH_STATES = ['US', 'CA'];

const SHIPPING_METHODS = [
  { name: 'UPS Ground', amount: '5.00' },
  { name: 'UPS Two Day', amount: '10.00' },
  { name: 'UPS One Day', amount: '15.00' },
];

/**
 * The reference data every store starts with (contract section 5). Idempotent:
 * each row is matched on its natural key, so a restart adds only what is missing
 * and never undoes an admin's changes.
 */
export async function seedReferenceData(em: EntityManager, currency: string): Promise<void> {
  await seedCountries(em);
  await seedStates(em);
  // Promotions made before they had a currency were in the store currency (migration PromotionCurrency).
  await em.query(`UPDATE promotions SET currency = $1 WHERE currency IS NULL`, [currency]);
  await seedZone(em, 'North America', 'USA + Canada', ['US', 'CA']);
  await seedZone(em, 'EU_VAT', 'Countries that make up the EU VAT zone.', EU_MEMBERS);
  const [{ id: shippingCategoryId }] = await em.query(
    `INSERT INTO shipping_categories (name) VALUES ('Default') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  await em.query(
    `INSERT INTO tax_categories (name, description, is_default) SELECT 'Default', 'Default tax category', true
     WHERE NOT EXISTS (SELECT 1 FROM tax_categories WHERE name = 'Default' AND deleted_at IS NULL)`,
  );
  await em.query(
    `INSERT INTO stock_locations (name, admin_name, country_id, active, backorderable_default, propagate_all_variants)
     SELECT 'default', 'Default', c.id, true, false, true FROM countries c
     WHERE c.iso = 'US' AND NOT EXISTS (SELECT 1 FROM stock_locations WHERE name = 'default')`,
  );
  const [{ id: zoneId }] = await em.query(`SELECT id FROM zones WHERE name = 'North America'`);
  for (const method of SHIPPING_METHODS) {
    const existing = await em.query(`SELECT id FROM shipping_methods WHERE name = $1 AND deleted_at IS NULL`, [method.name]);
    if (existing.length > 0) continue;
    const [{ id }] = await em.query(
      `INSERT INTO shipping_methods (name, admin_name, display_on, calculator_type, calculator_amount, calculator_currency)
       VALUES ($1, $1, 'both', 'flat_rate', $2, $3) RETURNING id`,
      [method.name, method.amount, currency],
    );
    await em.query(`INSERT INTO shipping_method_categories VALUES ($1, $2)`, [id, shippingCategoryId]);
    await em.query(`INSERT INTO shipping_method_zones VALUES ($1, $2)`, [id, zoneId]);
  }
  await em.query(
    `INSERT INTO payment_methods (type, name, description, active, environment, display_on)
     SELECT 'Spree::Gateway::Bogus', 'Credit Card', 'Test gateway: approves the test card numbers, declines others.', true, 'development', 'both'
     WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE name = 'Credit Card' AND deleted_at IS NULL)`,
  );
  await em.query(
    `INSERT INTO payment_methods (type, name, description, active, environment, display_on)
     SELECT 'Spree::PaymentMethod::Check', 'Check', 'Pay by check.', true, 'development', 'both'
     WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE name = 'Check' AND deleted_at IS NULL)`,
  );
}

async function seedCountries(em: EntityManager): Promise<void> {
  const codes = countries.getAlpha2Codes();
  const rows = Object.keys(codes).map((iso) => {
    const name = countries.getName(iso, 'en', { select: 'official' }) ?? iso;
    return [iso, countries.alpha2ToAlpha3(iso) ?? iso, name.toUpperCase(), name, Number(countries.alpha2ToNumeric(iso) ?? 0), COUNTRIES_WITH_STATES.includes(iso)];
  });
  const values = rows.map((_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`).join(', ');
  await em.query(`INSERT INTO countries (iso, iso3, iso_name, name, numcode, states_required) VALUES ${values} ON CONFLICT (iso) DO NOTHING`, rows.flat());
}

async function seedStates(em: EntityManager): Promise<void> {
  for (const iso of COUNTRIES_WITH_STATES) {
    const [{ id: countryId }] = await em.query(`SELECT id FROM countries WHERE iso = $1`, [iso]);
    const states = CscState.getStatesOfCountry(iso).filter((s) => CscCountry.getCountryByCode(s.countryCode));
    const values = states.map((_, i) => `($${i * 2 + 1}, $${i * 2 + 2}, ${countryId})`).join(', ');
    await em.query(`INSERT INTO states (name, abbr, country_id) VALUES ${values} ON CONFLICT (country_id, abbr) DO NOTHING`, states.flatMap((s) => [s.name, s.isoCode]));
  }
}

async function seedZone(em: EntityManager, name: string, description: string, isoCodes: string[]): Promise<void> {
  const [{ id }] = await em.query(
    `INSERT INTO zones (name, description, kind) VALUES ($1, $2, 'country') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [name, description],
  );
  const existing = await em.query(`SELECT 1 FROM zone_members WHERE zone_id = $1 LIMIT 1`, [id]);
  if (existing.length > 0) return; // an admin may have changed the members: leave them
  await em.query(
    `INSERT INTO zone_members (zone_id, zoneable_type, zoneable_id)
     SELECT $1, 'Spree::Country', c.id FROM countries c WHERE c.iso = ANY($2) ON CONFLICT DO NOTHING`,
    [id, isoCodes],
  );
}
