import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { FieldErrorCollector } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal } from '../../common/money/money';
import { Zone } from '../../geography/zones/entities/zone.entity';
import { ZoneTaxRates } from '../../geography/zones/zone-tax-rates';
import { TaxCategory } from '../tax-categories/entities/tax-category.entity';
import { CreateTaxRateDto, UpdateTaxRateDto } from './dto/tax-rate.dto';
import { TaxRate } from './entities/tax-rate.entity';
import { findOrFail } from '../../common/db/find-or-fail';

export const TAX_RATE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'rate.id', type: 'integer' },
    name: { expression: 'rate.name', type: 'string' },
    amount: { expression: 'rate.amount', type: 'decimal' },
    zone_id: { expression: 'rate.zone_id', type: 'integer' },
    tax_category_id: { expression: 'rate.tax_category_id', type: 'integer' },
    included_in_price: { expression: 'rate.included_in_price', type: 'boolean' },
    show_rate_in_label: { expression: 'rate.show_rate_in_label', type: 'boolean' },
    zone_name: { expression: 'zone.name', type: 'string', joins: ['zone'] },
    tax_category_name: { expression: 'tax_category.name', type: 'string', joins: ['tax_category'] },
  },
  joins: {
    zone: (qb) => qb.leftJoin('rate.zone', 'zone'),
    tax_category: (qb) => qb.leftJoin('rate.taxCategory', 'tax_category'),
  },
  defaultOrder: { 'rate.id': 'ASC' },
};

/** numeric(8,5) */
const MAX_AMOUNT = '1000';
const RELATIONS = { zone: true, taxCategory: true } as const;

/** Spree's `has_many :tax_rates, dependent: :destroy` (both paranoid): a soft-deleted category's live rates are deleted with it. */
export async function retireRatesOfCategory(em: EntityManager, taxCategoryId: number, at: Date): Promise<void> {
  await em.update(TaxRate, { taxCategoryId, deletedAt: IsNull() }, { deletedAt: at });
}

/** The geography's port (geography/zones/zone-tax-rates.ts): a zone that goes takes its deleted rates along. */
@Injectable()
export class TaxRatesOfZones implements ZoneTaxRates {
  async purgeDeleted(em: EntityManager, zoneId: number): Promise<void> {
    await em.query(`DELETE FROM tax_rates WHERE zone_id = $1 AND deleted_at IS NOT NULL`, [zoneId]);
  }
}

@Injectable()
export class TaxRatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Live (not soft-deleted) rates, with their zone and category. */
  async list(params: ListParams): Promise<Page<TaxRate>> {
    const qb = this.dataSource.getRepository(TaxRate).createQueryBuilder('rate').where('rate.deleted_at IS NULL');
    const page = await findPage(qb, TAX_RATE_SEARCH, params);
    if (page.items.length === 0) return page;
    const loaded = await this.dataSource.manager.find(TaxRate, { where: { id: In(page.items.map((r) => r.id)) }, relations: RELATIONS });
    const byId = new Map(loaded.map((r) => [r.id, r]));
    return { ...page, items: page.items.map((r) => byId.get(r.id)!) };
  }

  find(id: number): Promise<TaxRate> {
    return findOrFail(this.dataSource.manager, TaxRate, { id, deletedAt: IsNull() }, { relations: RELATIONS });
  }

  create(params: CreateTaxRateDto): Promise<TaxRate> {
    return this.dataSource.transaction(async (em) => {
      const rate = em.create(TaxRate, { name: null, includedInPrice: false, showRateInLabel: true, deletedAt: null });
      await this.apply(em, rate, params);
      const saved = await em.save(rate);
      return findOrFail(em, TaxRate, { id: saved.id, deletedAt: IsNull() }, { relations: RELATIONS });
    });
  }

  update(id: number, params: UpdateTaxRateDto): Promise<TaxRate> {
    return this.dataSource.transaction(async (em) => {
      const rate = await findOrFail(em, TaxRate, { id, deletedAt: IsNull() }, { lock: true, relations: RELATIONS });
      await this.apply(em, rate, params);
      // the loaded relations would override the new ids on save
      delete rate.zone;
      delete rate.taxCategory;
      await em.save(rate);
      return findOrFail(em, TaxRate, { id, deletedAt: IsNull() }, { relations: RELATIONS });
    });
  }

  /** Spree's tax rates are paranoid: a delete only stamps `deleted_at`. */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rate = await findOrFail(em, TaxRate, { id, deletedAt: IsNull() }, { lock: true, relations: RELATIONS });
      await em.update(TaxRate, { id: rate.id }, { deletedAt: new Date() });
    });
  }

  private async apply(em: EntityManager, rate: TaxRate, params: UpdateTaxRateDto): Promise<void> {
    const errors = new FieldErrorCollector();
    if (params.name !== undefined) rate.name = params.name === null || params.name.trim() === '' ? null : params.name.trim();
    if (params.amount !== undefined) {
      if (params.amount === null) errors.add('amount', "can't be blank");
      else if (decimal(params.amount).lt(0)) errors.add('amount', 'must be greater than or equal to 0');
      else if (decimal(params.amount).gte(MAX_AMOUNT)) errors.add('amount', `must be less than ${MAX_AMOUNT}`);
      else rate.amount = params.amount;
    }
    if (params.zone_id !== undefined) {
      if (params.zone_id === null) errors.add('zone_id', "can't be blank");
      else if (!(await em.exists(Zone, { where: { id: params.zone_id } }))) errors.add('zone_id', 'is invalid');
      else rate.zoneId = params.zone_id;
    }
    if (params.tax_category_id !== undefined) {
      if (params.tax_category_id === null) errors.add('tax_category_id', "can't be blank");
      else if (!(await em.exists(TaxCategory, { where: { id: params.tax_category_id, deletedAt: IsNull() } }))) errors.add('tax_category_id', 'is invalid');
      else rate.taxCategoryId = params.tax_category_id;
    }
    if (params.included_in_price !== undefined) rate.includedInPrice = params.included_in_price ?? false;
    if (params.show_rate_in_label !== undefined) rate.showRateInLabel = params.show_rate_in_label ?? true;
    errors.throwIfAny();
  }
}
