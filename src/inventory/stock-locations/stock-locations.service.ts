import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { Country } from '../../geography/countries/entities/country.entity';
import { State } from '../../geography/states/entities/state.entity';
import { CreateStockLocationDto, UpdateStockLocationDto } from './dto/stock-location.dto';
import { StockLocation } from './entities/stock-location.entity';
import { stockNewLocation } from '../stock-items/stock-item-propagation';

/** What `q[...]` may search and sort on (country and state are always joined for the response). */
export const STOCK_LOCATION_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'location.id', type: 'integer' },
    name: { expression: 'location.name', type: 'string' },
    admin_name: { expression: 'location.admin_name', type: 'string' },
    address1: { expression: 'location.address1', type: 'string' },
    address2: { expression: 'location.address2', type: 'string' },
    city: { expression: 'location.city', type: 'string' },
    zipcode: { expression: 'location.zipcode', type: 'string' },
    phone: { expression: 'location.phone', type: 'string' },
    state_id: { expression: 'location.state_id', type: 'integer' },
    state_name: { expression: 'location.state_name', type: 'string' },
    country_id: { expression: 'location.country_id', type: 'integer' },
    active: { expression: 'location.active', type: 'boolean' },
    backorderable_default: { expression: 'location.backorderable_default', type: 'boolean' },
    propagate_all_variants: { expression: 'location.propagate_all_variants', type: 'boolean' },
    country_name: { expression: 'country.name', type: 'string' },
    country_iso: { expression: 'country.iso', type: 'string' },
    state_abbr: { expression: 'state.abbr', type: 'string' },
    created_at: { expression: 'location.created_at', type: 'datetime' },
    updated_at: { expression: 'location.updated_at', type: 'datetime' },
  },
  defaultOrder: { 'location.name': 'ASC', 'location.id': 'ASC' },
};

type LocationFields = UpdateStockLocationDto | CreateStockLocationDto;

@Injectable()
export class StockLocationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(params: ListParams): Promise<Page<StockLocation>> {
    const qb = this.dataSource
      .getRepository(StockLocation)
      .createQueryBuilder('location')
      .leftJoinAndSelect('location.country', 'country')
      .leftJoinAndSelect('location.state', 'state');
    return findPage(qb, STOCK_LOCATION_SEARCH, params);
  }

  /** The location with its country and state, or 404. */
  async find(id: number, em: EntityManager = this.dataSource.manager): Promise<StockLocation> {
    const location = await findOrFail(em, StockLocation, { id }, { relations: { country: true, state: true } });
    return location;
  }

  /** 404 unless the location exists (for routes nested under a stock location). */
  async assertExists(id: number, em: EntityManager = this.dataSource.manager): Promise<void> {
    if (!(await em.existsBy(StockLocation, { id }))) throw new NotFoundError();
  }

  /** The names of these locations, by id (a deleted one is absent). */
  async namesOf(ids: number[], em: EntityManager = this.dataSource.manager): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await em.find(StockLocation, { select: { id: true, name: true }, where: { id: In(unique) } }) : [];
    return new Map(rows.map((l) => [l.id, l.name]));
  }

  /**
   * Creates the location and, when `propagate_all_variants` (default true),
   * a stock item for every variant that is not deleted, backorderable as the
   * location's `backorderable_default` (Spree's `create_stock_items`). One transaction.
   */
  async create(params: CreateStockLocationDto): Promise<StockLocation> {
    const id = await this.dataSource.transaction(async (em) => {
      await this.validate(em, params, null);
      const location = em.create(StockLocation, {
        name: params.name,
        address1: params.address1 ?? null,
        address2: params.address2 ?? null,
        city: params.city ?? null,
        zipcode: params.zipcode ?? null,
        phone: params.phone ?? null,
        countryId: params.country_id ?? null,
        stateId: params.state_id ?? null,
        stateName: params.state_name ?? null,
        active: params.active ?? true,
        backorderableDefault: params.backorderable_default ?? false,
        propagateAllVariants: params.propagate_all_variants ?? true,
      });
      await em.save(location);
      if (location.propagateAllVariants) await stockNewLocation(em, location.id, location.backorderableDefault);
      return location.id;
    });
    return this.find(id);
  }

  async update(id: number, params: UpdateStockLocationDto): Promise<StockLocation> {
    await this.dataSource.transaction(async (em) => {
      const location = await findOrFail(em, StockLocation, { id }, { lock: true });
      await this.validate(em, params, location);
      const changes: Partial<StockLocation> = {};
      if (params.name !== undefined) changes.name = params.name as string;
      if (params.address1 !== undefined) changes.address1 = params.address1;
      if (params.address2 !== undefined) changes.address2 = params.address2;
      if (params.city !== undefined) changes.city = params.city;
      if (params.zipcode !== undefined) changes.zipcode = params.zipcode;
      if (params.phone !== undefined) changes.phone = params.phone;
      if (params.country_id !== undefined) changes.countryId = params.country_id;
      if (params.state_id !== undefined) changes.stateId = params.state_id;
      if (params.state_name !== undefined) changes.stateName = params.state_name;
      if (params.active !== undefined) changes.active = params.active as boolean;
      if (params.backorderable_default !== undefined) changes.backorderableDefault = params.backorderable_default as boolean;
      if (params.propagate_all_variants !== undefined) changes.propagateAllVariants = params.propagate_all_variants as boolean;
      if (Object.keys(changes).length > 0) await em.update(StockLocation, { id }, changes);
    });
    return this.find(id);
  }

  /** Deletes the location; its stock items and their movements go with it (Spree: `dependent: :delete_all`). */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await this.assertExists(id, em);
      try {
        await em.delete(StockLocation, { id });
      } catch (error) {
        // Something else (a shipment) still points at the location.
        if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23503') {
          throw new InvalidResourceError({ base: ['Cannot delete record because dependent records exist'] });
        }
        throw error;
      }
    });
  }

  /** Rails-style validation: presence of name and the NOT NULL flags, existing country and state, state within the country. */
  private async validate(em: EntityManager, params: LocationFields, current: StockLocation | null): Promise<void> {
    const errors = new FieldErrorCollector();
    if (params.name !== undefined && (params.name === null || params.name.trim() === '')) errors.add('name', "can't be blank");
    for (const flag of ['active', 'backorderable_default', 'propagate_all_variants'] as const) {
      if (params[flag] === null) errors.add(flag, "can't be blank");
    }
    const countryId = params.country_id !== undefined ? params.country_id : (current?.countryId ?? null);
    if (params.country_id != null && !(await em.existsBy(Country, { id: params.country_id }))) errors.add('country_id', 'is invalid');
    const stateId = params.state_id !== undefined ? params.state_id : (current?.stateId ?? null);
    if (stateId != null && (params.state_id !== undefined || params.country_id !== undefined)) {
      const state = await em.findOneBy(State, { id: stateId });
      if (!state || (countryId != null && state.countryId !== countryId)) errors.add('state_id', 'is invalid');
    }
    errors.throwIfAny();
  }
}
