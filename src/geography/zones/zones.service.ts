import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { Country } from '../countries/entities/country.entity';
import { State } from '../states/entities/state.entity';
import { CreateZoneDto, UpdateZoneDto } from './dto/zone.dto';
import { ZoneMemberParams } from './dto/zone-members.field';
import { Zone } from './entities/zone.entity';
import { ZoneMember } from './entities/zone-member.entity';
import { serializeZone, ZoneJson, ZoneMemberJson } from './zone.serializer';
import { ZONE_TAX_RATES, ZoneTaxRates } from './zone-tax-rates';

/** What `q[...]` may search and sort on (Spree whitelists `description` besides the name). */
export const ZONE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'zone.id', type: 'integer' },
    name: { expression: 'zone.name', type: 'string' },
    description: { expression: 'zone.description', type: 'string' },
    kind: { expression: 'zone.kind', type: 'string' },
  },
  // Spree orders zones by name.
  defaultOrder: { 'zone.name': 'ASC', 'zone.id': 'ASC' },
};

@Injectable()
export class ZonesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ZONE_TAX_RATES) private readonly taxRates: ZoneTaxRates,
  ) {}

  async list(params: ListParams): Promise<Page<ZoneJson>> {
    const page = await findPage(this.dataSource.getRepository(Zone).createQueryBuilder('zone'), ZONE_SEARCH, params);
    const members = await this.membersOf(this.dataSource.manager, page.items.map((z) => z.id));
    return { ...page, items: page.items.map((z) => serializeZone(z, members.get(z.id) ?? [])) };
  }

  async show(id: number): Promise<ZoneJson> {
    return this.render(this.dataSource.manager, await this.find(this.dataSource.manager, id));
  }

  /** Throws 404 unless the zone exists. */
  async assertExists(id: number): Promise<void> {
    await this.find(this.dataSource.manager, id);
  }

  async create(params: CreateZoneDto): Promise<ZoneJson> {
    return this.dataSource.transaction(async (em) => {
      const members = params.zone_members ?? params.zone_members_attributes ?? [];
      const kind = await this.validate(em, null, params, members);
      const zone = await em.save(em.create(Zone, { name: params.name.trim(), description: params.description ?? null, defaultTax: false, kind })).catch(this.nameTaken);
      await this.replaceMembers(em, zone.id, members);
      return this.render(em, zone);
    });
  }

  async update(id: number, params: UpdateZoneDto): Promise<ZoneJson> {
    return this.dataSource.transaction(async (em) => {
      const zone = await this.find(em, id, true);
      const members = params.zone_members ?? params.zone_members_attributes;
      const kind = await this.validate(em, zone.id, params, members);
      if (params.name !== undefined) zone.name = (params.name ?? '').trim();
      if (params.description !== undefined) zone.description = params.description;
      if (members) zone.kind = kind;
      await em.save(zone).catch(this.nameTaken);
      if (members) await this.replaceMembers(em, zone.id, members);
      return this.render(em, zone);
    });
  }

  /**
   * Members and the zone's shipping-method links go with it. A zone that live
   * tax rates still use cannot go (they would lose their zone); tax rates
   * deleted before are removed for good, as nothing can show them any more.
   */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const zone = await this.find(em, id, true);
      const [{ live }] = await em.query(`SELECT count(*)::int AS live FROM tax_rates WHERE zone_id = $1 AND deleted_at IS NULL`, [zone.id]);
      if (live > 0) throw new InvalidResourceError({ base: ['Cannot delete record because dependent tax rates exist'] });
      await this.taxRates.purgeDeleted(em, zone.id);
      await em.delete(Zone, { id: zone.id });
    });
  }

  private async find(em: EntityManager, id: number, lock = false): Promise<Zone> {
    const zone = await findOrFail(em, Zone, { id }, { lock });
    return zone;
  }

  private nameTaken = (e: unknown): never => {
    if (isUniqueViolation(e, 'zones_name_key')) throw InvalidResourceError.field('name', 'has already been taken');
    throw e;
  };

  /** Rails-style validation of the whole request; returns the kind the members give the zone. */
  private async validate(em: EntityManager, selfId: number | null, params: UpdateZoneDto, members: ZoneMemberParams[] | undefined): Promise<'country' | 'state'> {
    const errors = new FieldErrorCollector();
    if (params.name !== undefined) {
      const name = (params.name ?? '').trim();
      if (name === '') errors.add('name', "can't be blank");
      else {
        const taken = await em.query(`SELECT 1 FROM zones WHERE name = $1 AND ($2::int IS NULL OR id <> $2)`, [name, selfId]);
        if (taken.length > 0) errors.add('name', 'has already been taken');
      }
    }
    let kind: 'country' | 'state' = 'country';
    if (members && members.length > 0) {
      const types = new Set(members.map((m) => m.zoneable_type));
      if (types.size > 1) errors.add('zone_members', 'must be all countries or all states');
      else {
        kind = types.has('Spree::State') ? 'state' : 'country';
        const ids = [...new Set(members.map((m) => m.zoneable_id))];
        const found = await em.count(kind === 'state' ? State : Country, { where: { id: In(ids) } });
        if (found !== ids.length) errors.add('zone_members', 'is invalid');
      }
    }
    errors.throwIfAny();
    return kind;
  }

  private async replaceMembers(em: EntityManager, zoneId: number, members: ZoneMemberParams[]): Promise<void> {
    await em.delete(ZoneMember, { zoneId });
    const unique = new Map(members.map((m) => [`${m.zoneable_type}:${m.zoneable_id}`, m]));
    if (unique.size === 0) return;
    await em.insert(
      ZoneMember,
      [...unique.values()].map((m) => ({ zoneId, zoneableType: m.zoneable_type, zoneableId: m.zoneable_id })),
    );
  }

  private async render(em: EntityManager, zone: Zone): Promise<ZoneJson> {
    const members = await this.membersOf(em, [zone.id]);
    return serializeZone(zone, members.get(zone.id) ?? []);
  }

  /** Members of these zones with the names of their countries or states. */
  async membersOf(em: EntityManager, zoneIds: number[]): Promise<Map<number, ZoneMemberJson[]>> {
    const result = new Map<number, ZoneMemberJson[]>();
    if (zoneIds.length === 0) return result;
    const members = await em.find(ZoneMember, { where: { zoneId: In(zoneIds) }, order: { id: 'ASC' } });
    const idsOf = (type: string) => [...new Set(members.filter((m) => m.zoneableType === type).map((m) => m.zoneableId))];
    const countryIds = idsOf('Spree::Country');
    const stateIds = idsOf('Spree::State');
    const countries = countryIds.length ? await em.find(Country, { where: { id: In(countryIds) } }) : [];
    const states = stateIds.length ? await em.find(State, { where: { id: In(stateIds) } }) : [];
    const names = new Map<string, string>([
      ...countries.map((c) => [`Spree::Country:${c.id}`, c.name] as [string, string]),
      ...states.map((s) => [`Spree::State:${s.id}`, s.name] as [string, string]),
    ]);
    for (const m of members) {
      const list = result.get(m.zoneId) ?? [];
      list.push({ id: m.id, name: names.get(`${m.zoneableType}:${m.zoneableId}`) ?? null, zoneable_type: m.zoneableType, zoneable_id: m.zoneableId });
      result.set(m.zoneId, list);
    }
    return result;
  }
}
