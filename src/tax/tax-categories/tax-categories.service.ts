import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { retireRatesOfCategory } from '../tax-rates/tax-rates.service';
import { CreateTaxCategoryDto, UpdateTaxCategoryDto } from './dto/tax-category.dto';
import { TaxCategory } from './entities/tax-category.entity';
import { findOrFail } from '../../common/db/find-or-fail';

export const TAX_CATEGORY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'category.id', type: 'integer' },
    name: { expression: 'category.name', type: 'string' },
    description: { expression: 'category.description', type: 'string' },
    is_default: { expression: 'category.is_default', type: 'boolean' },
    tax_code: { expression: 'category.tax_code', type: 'string' },
  },
  defaultOrder: { 'category.id': 'ASC' },
};

@Injectable()
export class TaxCategoriesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Live (not soft-deleted) categories. */
  list(params: ListParams): Promise<Page<TaxCategory>> {
    const qb = this.dataSource.getRepository(TaxCategory).createQueryBuilder('category').where('category.deleted_at IS NULL');
    return findPage(qb, TAX_CATEGORY_SEARCH, params);
  }

  find(id: number): Promise<TaxCategory> {
    return findOrFail(this.dataSource.manager, TaxCategory, { id, deletedAt: IsNull() });
  }

  create(params: CreateTaxCategoryDto): Promise<TaxCategory> {
    return this.dataSource.transaction(async (em) => {
      const category = em.create(TaxCategory, { description: null, isDefault: false, taxCode: null, deletedAt: null });
      await this.apply(em, category, params);
      const saved = await em.save(category).catch(this.nameTaken);
      if (saved.isDefault) await this.unsetOtherDefaults(em, saved.id);
      return saved;
    });
  }

  update(id: number, params: UpdateTaxCategoryDto): Promise<TaxCategory> {
    return this.dataSource.transaction(async (em) => {
      const category = await findOrFail(em, TaxCategory, { id, deletedAt: IsNull() }, { lock: true });
      await this.apply(em, category, params);
      const saved = await em.save(category).catch(this.nameTaken);
      if (saved.isDefault) await this.unsetOtherDefaults(em, saved.id);
      return saved;
    });
  }

  /** Soft delete, with the category's tax rates (Spree: `has_many :tax_rates, dependent: :destroy`, both paranoid). */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const category = await findOrFail(em, TaxCategory, { id, deletedAt: IsNull() }, { lock: true });
      const now = new Date();
      await retireRatesOfCategory(em, category.id, now);
      await em.update(TaxCategory, { id: category.id }, { deletedAt: now, isDefault: false });
    });
  }

  /** Only one default category: Spree's `set_default_category`, in the same transaction. */
  private async unsetOtherDefaults(em: EntityManager, id: number): Promise<void> {
    await em.update(TaxCategory, { id: Not(id), isDefault: true }, { isDefault: false });
  }

  private async apply(em: EntityManager, category: TaxCategory, params: UpdateTaxCategoryDto): Promise<void> {
    const errors = new FieldErrorCollector();
    const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
    if (params.name !== undefined) {
      const name = text(params.name);
      if (!name) errors.add('name', "can't be blank");
      else if (
        (await em.query(`SELECT 1 FROM tax_categories WHERE name = $1 AND deleted_at IS NULL AND ($2::int IS NULL OR id <> $2)`, [name, category.id ?? null])).length > 0
      )
        errors.add('name', 'has already been taken');
      else category.name = name;
    }
    if (params.description !== undefined) category.description = text(params.description) ?? null;
    if (params.tax_code !== undefined) category.taxCode = text(params.tax_code) ?? null;
    if (params.is_default !== undefined) category.isDefault = params.is_default ?? false;
    errors.throwIfAny();
  }

  private nameTaken = (e: unknown): never => {
    if (isUniqueViolation(e)) throw InvalidResourceError.field('name', 'has already been taken');
    throw e;
  };
}
