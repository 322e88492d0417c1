import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { Country } from './entities/country.entity';
import { State } from '../states/entities/state.entity';

/** What `q[...]` may search and sort on. */
export const COUNTRY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'country.id', type: 'integer' },
    name: { expression: 'country.name', type: 'string' },
    iso_name: { expression: 'country.iso_name', type: 'string' },
    iso: { expression: 'country.iso', type: 'string' },
    iso3: { expression: 'country.iso3', type: 'string' },
    numcode: { expression: 'country.numcode', type: 'integer' },
    states_required: { expression: 'country.states_required', type: 'boolean' },
  },
  defaultOrder: { 'country.name': 'ASC', 'country.id': 'ASC' },
};

@Injectable()
export class CountriesService {
  constructor(
    @InjectRepository(Country) private readonly countries: Repository<Country>,
    @InjectRepository(State) private readonly states: Repository<State>,
  ) {}

  list(params: ListParams): Promise<Page<Country>> {
    return findPage(this.countries.createQueryBuilder('country'), COUNTRY_SEARCH, params);
  }

  async find(id: number): Promise<{ country: Country; states: State[] }> {
    const country = await findOrFail(this.countries.manager, Country, { id });
    const states = await this.states.find({ where: { countryId: id }, order: { name: 'ASC' } });
    return { country, states };
  }
}
