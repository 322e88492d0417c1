import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { OptionType } from './entities/option-type.entity';
import { OptionValue } from './entities/option-value.entity';
import { OptionTypeParamsDto, OptionValueParamsDto } from './dto/option-type.dto';
import { raiseProductsUpdated } from '../products/product-events';

/** The products showing an option value (a live variant of theirs has it). */
const PRODUCTS_WITH_OPTION_VALUE = `SELECT v.product_id FROM option_values_variants ovv JOIN variants v ON v.id = ovv.variant_id
  WHERE ovv.option_value_id = $1 AND v.deleted_at IS NULL`;
/** The products showing an option type (in their option_types, or a value of it on a live variant). */
const PRODUCTS_WITH_OPTION_TYPE = `SELECT product_id FROM product_option_types WHERE option_type_id = $1
  UNION SELECT v.product_id FROM option_values_variants ovv JOIN option_values ov ON ov.id = ovv.option_value_id JOIN variants v ON v.id = ovv.variant_id
  WHERE ov.option_type_id = $1 AND v.deleted_at IS NULL`;

export const OPTION_TYPE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'option_type.id', type: 'integer' },
    name: { expression: 'option_type.name', type: 'string' },
    presentation: { expression: 'option_type.presentation', type: 'string' },
    position: { expression: 'option_type.position', type: 'integer' },
  },
  defaultOrder: { 'option_type.position': 'ASC', 'option_type.id': 'ASC' },
};

export const OPTION_VALUE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'option_value.id', type: 'integer' },
    name: { expression: 'option_value.name', type: 'string' },
    presentation: { expression: 'option_value.presentation', type: 'string' },
    position: { expression: 'option_value.position', type: 'integer' },
    option_type_id: { expression: 'option_value.option_type_id', type: 'integer' },
  },
  defaultOrder: { 'option_value.position': 'ASC', 'option_value.id': 'ASC' },
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Find-or-create by name, as Spree's `OptionType.where(name:).first_or_initialize { presentation = name }`. */
export async function findOrCreateOptionType(em: EntityManager, name: string): Promise<OptionType> {
  const existing = await em.findOneBy(OptionType, { name });
  if (existing) return existing;
  return em.save(OptionType, em.create(OptionType, { name, presentation: name, position: 0 }));
}

/** Find-or-create a value of a type by name (presentation defaults to the name). */
export async function findOrCreateOptionValue(em: EntityManager, type: OptionType, name: string): Promise<OptionValue> {
  const existing = await em.findOneBy(OptionValue, { optionTypeId: type.id, name });
  if (existing) return existing;
  return em.save(OptionValue, em.create(OptionValue, { optionTypeId: type.id, name, presentation: name, position: await nextValuePosition(em, type.id) }));
}

async function nextValuePosition(em: EntityManager, optionTypeId: number): Promise<number> {
  const [{ max }] = await em.query(`SELECT COALESCE(MAX(position), 0) AS max FROM option_values WHERE option_type_id = $1`, [optionTypeId]);
  return Number(max) + 1;
}

@Injectable()
export class OptionTypesService {
  constructor(
    @InjectRepository(OptionType) private readonly types: Repository<OptionType>,
    @InjectRepository(OptionValue) private readonly values: Repository<OptionValue>,
  ) {}

  // ---- option types ----

  list(params: ListParams, ids?: number[]): Promise<Page<OptionType>> {
    const qb = this.types.createQueryBuilder('option_type');
    if (ids) qb.andWhere('option_type.id IN (:...ids)', { ids: ids.length ? ids : [0] });
    return findPage(qb, OPTION_TYPE_SEARCH, ids ? { ...params, q: { s: params.q.s } } : params);
  }

  /** Each type's values in position order, for a whole page in one query. */
  async valuesByType(typeIds: number[]): Promise<Map<number, OptionValue[]>> {
    const map = new Map<number, OptionValue[]>(typeIds.map((id) => [id, []]));
    if (typeIds.length === 0) return map;
    const rows = await this.values.find({ where: { optionTypeId: In(typeIds) }, order: { position: 'ASC', id: 'ASC' } });
    for (const row of rows) map.get(row.optionTypeId)?.push(row);
    return map;
  }

  async find(id: number): Promise<OptionType> {
    const type = await findOrFail(this.types.manager, OptionType, { id });
    return type;
  }

  async create(params: OptionTypeParamsDto): Promise<OptionType> {
    await this.validateType(params, null);
    return this.types.save(this.types.create({ name: params.name!, presentation: params.presentation!, position: params.position ?? 0 }));
  }

  async update(type: OptionType, params: OptionTypeParamsDto): Promise<OptionType> {
    await this.validateType(params, type);
    Object.assign(type, params);
    return this.types.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_OPTION_TYPE, [type.id]);
      return em.save(OptionType, type);
    });
  }

  async remove(type: OptionType): Promise<void> {
    // Values, product links and variant links go with it (ON DELETE CASCADE).
    await this.types.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_OPTION_TYPE, [type.id]);
      await em.delete(OptionType, { id: type.id });
    });
  }

  private async validateType(params: OptionTypeParamsDto, existing: OptionType | null): Promise<void> {
    const errors = new FieldErrorCollector();
    const name = params.name !== undefined ? params.name : existing?.name;
    const presentation = params.presentation !== undefined ? params.presentation : existing?.presentation;
    if (isBlank(name)) errors.add('name', "can't be blank");
    else if (await this.types.createQueryBuilder('t').where('t.name = :name', { name }).andWhere('t.id <> :id', { id: existing?.id ?? 0 }).getExists()) {
      errors.add('name', 'has already been taken');
    }
    if (isBlank(presentation)) errors.add('presentation', "can't be blank");
    errors.throwIfAny();
  }

  // ---- option values ----

  listValues(params: ListParams, optionTypeId: number | null, ids?: number[]): Promise<Page<OptionValue>> {
    const qb = this.values.createQueryBuilder('option_value');
    if (optionTypeId !== null) qb.andWhere('option_value.option_type_id = :optionTypeId', { optionTypeId });
    if (ids) qb.andWhere('option_value.id IN (:...ids)', { ids: ids.length ? ids : [0] });
    return findPage(qb, OPTION_VALUE_SEARCH, ids ? { ...params, q: { s: params.q.s } } : params);
  }

  async typesById(typeIds: number[]): Promise<Map<number, OptionType>> {
    if (typeIds.length === 0) return new Map();
    const rows = await this.types.findBy({ id: In([...new Set(typeIds)]) });
    return new Map(rows.map((r) => [r.id, r]));
  }

  async findValue(optionTypeId: number | null, id: number): Promise<OptionValue> {
    const value = await findOrFail(this.values.manager, OptionValue, optionTypeId === null ? { id } : { id, optionTypeId });
    return value;
  }

  async createValue(type: OptionType, params: OptionValueParamsDto): Promise<OptionValue> {
    this.validateValue(params, null);
    return this.values.manager.transaction(async (em) => {
      const position = params.position ?? (await nextValuePosition(em, type.id));
      return em.save(OptionValue, em.create(OptionValue, { optionTypeId: type.id, name: params.name!, presentation: params.presentation!, position }));
    });
  }

  async updateValue(value: OptionValue, params: OptionValueParamsDto): Promise<OptionValue> {
    this.validateValue(params, value);
    Object.assign(value, params);
    return this.values.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_OPTION_VALUE, [value.id]);
      return em.save(OptionValue, value);
    });
  }

  async removeValue(value: OptionValue): Promise<void> {
    await this.values.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_OPTION_VALUE, [value.id]);
      await em.delete(OptionValue, { id: value.id });
    });
  }

  private validateValue(params: OptionValueParamsDto, existing: OptionValue | null): void {
    const errors = new FieldErrorCollector();
    if (isBlank(params.name !== undefined ? params.name : existing?.name)) errors.add('name', "can't be blank");
    if (isBlank(params.presentation !== undefined ? params.presentation : existing?.presentation)) errors.add('presentation', "can't be blank");
    errors.throwIfAny();
  }
}
