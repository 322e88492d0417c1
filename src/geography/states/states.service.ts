import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchBuilder, SearchSpec } from '../../common/listing/list-query';
import { Country } from '../countries/entities/country.entity';
import { State } from './entities/state.entity';

/** What `q[...]` may search and sort on. */
export const STATE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'state.id', type: 'integer' },
    name: { expression: 'state.name', type: 'string' },
    abbr: { expression: 'state.abbr', type: 'string' },
    country_id: { expression: 'state.country_id', type: 'integer' },
    country_name: { expression: 'country.name', type: 'string', joins: ['country'] },
    country_iso: { expression: 'country.iso', type: 'string', joins: ['country'] },
  },
  joins: { country: (qb) => qb.leftJoin('state.country', 'country') },
  // Spree orders states by name.
  defaultOrder: { 'state.name': 'ASC', 'state.id': 'ASC' },
};

export interface StateList {
  /** The country of `/api/countries/:country_id/states`, when given. */
  country: Country | null;
  /** A page when `page` or `per_page` was sent; otherwise every matching state. */
  states: Page<State> | State[];
}

@Injectable()
export class StatesService {
  constructor(
    @InjectRepository(State) private readonly states: Repository<State>,
    @InjectRepository(Country) private readonly countries: Repository<Country>,
  ) {}

  /**
   * Spree paginates states only when asked to (`page` or `per_page`), so a
   * storefront can fill a drop-down in one call (contract section 2).
   */
  async list(params: ListParams, paginate: boolean, countryId?: number): Promise<StateList> {
    const country = countryId === undefined ? null : await this.findCountry(countryId);
    const qb = this.scope(country);
    if (paginate) return { country, states: await findPage(qb, STATE_SEARCH, params) };
    const search = new SearchBuilder(qb, STATE_SEARCH).search(params.q).sort(params.q);
    return { country, states: await search.read(() => qb.getMany()) };
  }

  async find(id: number, countryId?: number): Promise<State> {
    const country = countryId === undefined ? null : await this.findCountry(countryId);
    const state = await this.scope(country).andWhere('state.id = :id', { id }).getOne();
    if (!state) throw new NotFoundError();
    return state;
  }

  private scope(country: Country | null): SelectQueryBuilder<State> {
    const qb = this.states.createQueryBuilder('state');
    if (country) qb.andWhere('state.country_id = :countryId', { countryId: country.id });
    return qb;
  }

  private async findCountry(id: number): Promise<Country> {
    const country = await findOrFail(this.countries.manager, Country, { id });
    return country;
  }
}
