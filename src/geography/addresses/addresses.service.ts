import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector, NotFoundError } from '../../common/errors/api-errors';
import { Address } from './entities/address.entity';
import { Country } from '../countries/entities/country.entity';
import { State } from '../states/entities/state.entity';
import { AddressParamsDto } from './dto/address-params.dto';
import { entityRows } from '../../common/db/entity-json';
import { preparedStatement, queryPrepared } from '../../common/db/prepared-statement';

/** Countries and states read while validating, by `country:<id>` / `state:<id>` (they are reference data, read-only here). */
export type AddressLookups = Map<string, Promise<unknown>>;

function memo<T>(lookups: AddressLookups, key: string, load: () => Promise<T>): Promise<T> {
  if (!lookups.has(key)) lookups.set(key, load());
  return lookups.get(key) as Promise<T>;
}

const FIELD_MAP: Record<keyof AddressParamsDto, keyof Address> = {
  firstname: 'firstname',
  lastname: 'lastname',
  company: 'company',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  zipcode: 'zipcode',
  phone: 'phone',
  alternative_phone: 'alternativePhone',
  state_name: 'stateName',
  country_id: 'countryId',
  state_id: 'stateId',
};

/** A new address, every column given (all nullable). */
const INSERT_ADDRESS = preparedStatement(
  'address-insert',
  `INSERT INTO addresses (firstname, lastname, address1, address2, city, zipcode, phone, state_name, alternative_phone, company, state_id, country_id, user_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
);

/**
 * Spree's address rules (core/app/models/spree/address.rb): names, street,
 * city, zipcode, phone and country are required; where the country has a
 * state list, the state must be one of its states (a state_name matching one
 * by name or abbreviation is accepted and resolved).
 */
@Injectable()
export class AddressesService {
  /**
   * Applies params to an address (new when `existing` is undefined), validates
   * it and saves it with `em`. Throws a 422 naming the bad fields, with
   * `prefix` before each (e.g. "bill_address.").
   */
  async save(em: EntityManager, params: AddressParamsDto, existing?: Address, prefix = ''): Promise<Address> {
    return this.find(em, await this.saveColumns(em, params, existing, prefix));
  }

  /**
   * `save` without reading the address back: returns its id. `lookups` shares
   * the countries and states read while validating between the addresses of
   * one request (a bill and a ship address are often the same).
   */
  async saveColumns(em: EntityManager, params: AddressParamsDto, existing?: Address, prefix = '', lookups: AddressLookups = new Map()): Promise<number> {
    const address = existing ?? em.create(Address, {});
    for (const [key, prop] of Object.entries(FIELD_MAP) as [keyof AddressParamsDto, keyof Address][]) {
      if (params[key] !== undefined) (address as unknown as Record<string, unknown>)[prop] = params[key];
    }
    await this.validate(em, address, prefix, lookups);
    // Loaded relations would win over the changed ids on save: write the columns only.
    delete address.country;
    delete address.state;
    if (address.id === undefined) {
      // A new address (an order's, at checkout): one prepared INSERT, no entity persistence.
      const [{ id }] = await INSERT_ADDRESS(em).run<{ id: number }>(em, [
        address.firstname ?? null,
        address.lastname ?? null,
        address.address1 ?? null,
        address.address2 ?? null,
        address.city ?? null,
        address.zipcode ?? null,
        address.phone ?? null,
        address.stateName ?? null,
        address.alternativePhone ?? null,
        address.company ?? null,
        address.stateId ?? null,
        address.countryId ?? null,
        address.userId ?? null,
      ]);
      return id;
    }
    return (await em.save(Address, address)).id;
  }

  /**
   * Spree's `use_billing`, and an order's address taken from an address book:
   * a copy of an address (valid already), into `target` when given (else a
   * new one); returns its id. The copy belongs to no book.
   */
  async copy(em: EntityManager, sourceId: number, target?: Address | null): Promise<number> {
    const source = await em.findOneByOrFail(Address, { id: sourceId });
    const { id: _id, createdAt: _c, updatedAt: _u, country: _country, state: _state, userId: _user, ...fields } = source;
    return (await em.save(Address, Object.assign(target ?? em.create(Address, {}), fields, { userId: target?.userId ?? null }))).id;
  }

  // ---- The address book (accounts/address-book, the user's default addresses): addresses with a user_id.

  /**
   * Saves an address of user `userId`'s book: a new one (no `existing`), or
   * `existing` changed. An address a completed order uses is never changed in
   * place (as Spree's `Address#editable?`): the change makes a new address,
   * which replaces it in the book (the old one stays with its orders). Returns
   * the address saved, with its country and state.
   */
  async saveInBook(em: EntityManager, userId: number, params: AddressParamsDto, existing?: Address, prefix = ''): Promise<Address> {
    if (existing && (await this.usedByCompletedOrder(em, existing.id))) {
      const { id: _id, createdAt: _c, updatedAt: _u, country: _country, state: _state, ...fields } = existing;
      const id = await this.saveColumns(em, params, em.create(Address, { ...fields, userId }), prefix);
      await em.update(Address, existing.id, { userId: null });
      return this.find(em, id);
    }
    const address = existing ?? em.create(Address, {});
    address.userId = userId;
    return this.find(em, await this.saveColumns(em, params, address, prefix));
  }

  /** Whether a completed order (placed, canceled, returned…) has this address as its bill or ship address. */
  async usedByCompletedOrder(em: EntityManager, id: number): Promise<boolean> {
    const rows = await em.query(`SELECT 1 FROM orders WHERE (bill_address_id = $1 OR ship_address_id = $1) AND completed_at IS NOT NULL LIMIT 1`, [id]);
    return rows.length > 0;
  }

  /** An address of user `userId`'s book, or 404 (someone else's is not told apart from none). */
  async findInBook(em: EntityManager, userId: number, id: number, lock = false): Promise<Address> {
    const address = await em.findOne(Address, { where: { id, userId }, relations: { country: true, state: true }, lock: lock ? { mode: 'pessimistic_write', tables: ['addresses'] } : undefined });
    if (!address) throw new NotFoundError();
    return address;
  }

  /**
   * Takes an address out of user `userId`'s book: deleted, or only unlinked
   * while an order still uses it (an order keeps its addresses).
   */
  async removeFromBook(em: EntityManager, userId: number, id: number): Promise<void> {
    await this.findInBook(em, userId, id, true);
    const used = await em.query(`SELECT 1 FROM orders WHERE bill_address_id = $1 OR ship_address_id = $1 LIMIT 1`, [id]);
    if (used.length > 0) await em.update(Address, id, { userId: null });
    else await em.delete(Address, { id });
  }

  /**
   * Account deletion (privacy/): the person's name, street, city, postcode
   * and phones go from these addresses; the country and state stay (where
   * the order was taxed and shipped to, for the books). Orders keep them.
   */
  async anonymise(em: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await em.query(
      `UPDATE addresses SET firstname = 'Deleted', lastname = 'customer', company = NULL, address1 = 'deleted', address2 = NULL, city = 'deleted',
              zipcode = 'deleted', phone = 'deleted', alternative_phone = NULL, state_name = NULL, user_id = NULL, updated_at = now()
        WHERE id = ANY ($1::int[])`,
      [ids],
    );
  }

  /** Account deletion: the book's addresses no order uses are deleted, the others anonymised. */
  async forgetBook(em: EntityManager, userId: number): Promise<void> {
    const used: Array<{ id: number }> = await em.query(
      `SELECT a.id FROM addresses a WHERE a.user_id = $1 AND EXISTS (SELECT 1 FROM orders o WHERE a.id IN (o.bill_address_id, o.ship_address_id))`,
      [userId],
    );
    await this.anonymise(
      em,
      used.map((r) => r.id),
    );
    await em.query(`DELETE FROM addresses WHERE user_id = $1`, [userId]);
  }

  /** An address with its country and state (as its JSON shows them), or 404. */
  async find(em: EntityManager, id: number): Promise<Address> {
    const address = await findOrFail(em, Address, { id }, { relations: { country: true, state: true } });
    return address;
  }

  private async validate(em: EntityManager, address: Address, prefix: string, lookups: AddressLookups): Promise<void> {
    // The usual address names both: its country and state are read together.
    if (address.countryId && address.stateId && !lookups.has(`country:${address.countryId}`) && !lookups.has(`state:${address.stateId}`)) {
      const countryRows = entityRows(em, Country, 'c');
      const stateRows = entityRows(em, State, 's');
      const both: Promise<{ country: Country | null; state: State | null }> = queryPrepared(
        em,
        `SELECT (SELECT ${countryRows.row()} FROM countries c WHERE c.id = $1) AS country,
                (SELECT ${stateRows.row()} FROM states s WHERE s.id = $2) AS state`,
        [address.countryId, address.stateId],
      ).then(([row]: Array<{ country: unknown[] | null; state: unknown[] | null }>) => ({
          country: row.country && countryRows.readRow(row.country),
          state: row.state && stateRows.readRow(row.state),
        }));
      lookups.set(`country:${address.countryId}`, both.then((r) => r.country));
      lookups.set(`state:${address.stateId}`, both.then((r) => r.state));
    }
    const findCountry = (id: number) => memo(lookups, `country:${id}`, () => em.findOneBy(Country, { id }));
    const findState = (id: number) => memo(lookups, `state:${id}`, () => em.findOneBy(State, { id }));
    const errors = new FieldErrorCollector();
    const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
    for (const field of ['firstname', 'lastname', 'address1', 'city', 'zipcode', 'phone'] as const) {
      if (blank(address[field])) errors.add(prefix + field, "can't be blank");
    }
    const country = address.countryId ? await findCountry(address.countryId) : null;
    if (!country) {
      errors.add(prefix + 'country', blank(address.countryId) ? "can't be blank" : 'is invalid');
    } else if (country.statesRequired) {
      await this.resolveState(em, address, country, errors, prefix, findState);
    } else if (address.stateId) {
      const state = await findState(address.stateId);
      if (!state || state.countryId !== country.id) errors.add(prefix + 'state', 'is invalid');
    }
    errors.throwIfAny();
  }

  private async resolveState(
    em: EntityManager,
    address: Address,
    country: Country,
    errors: FieldErrorCollector,
    prefix: string,
    findState: (id: number) => Promise<State | null>,
  ): Promise<void> {
    if (address.stateId) {
      const state = await findState(address.stateId);
      if (state && state.countryId === country.id) {
        address.stateName = null;
        return;
      }
      if (!address.stateName) return void errors.add(prefix + 'state', 'is invalid');
      address.stateId = null;
    }
    if (address.stateName) {
      const matches = await em
        .createQueryBuilder(State, 'state')
        .where('state.country_id = :countryId', { countryId: country.id })
        .andWhere('(lower(state.name) = lower(:name) OR lower(state.abbr) = lower(:name))', { name: address.stateName })
        .getMany();
      if (matches.length === 1) {
        address.stateId = matches[0].id;
        address.stateName = null;
        return;
      }
      return void errors.add(prefix + 'state', 'is invalid');
    }
    errors.add(prefix + 'state', "can't be blank");
  }
}
