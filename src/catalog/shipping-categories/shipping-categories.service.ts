import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { isUniqueViolation } from '../../common/errors/unique-violation';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { CreateShippingCategoryDto, UpdateShippingCategoryDto } from './dto/shipping-category.dto';
import { ShippingCategory } from './entities/shipping-category.entity';
import { findOrFail } from '../../common/db/find-or-fail';

export const SHIPPING_CATEGORY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'category.id', type: 'integer' },
    name: { expression: 'category.name', type: 'string' },
  },
  defaultOrder: { 'category.id': 'ASC' },
};

/** The category of this name, created when there is none (a product's `shipping_category` by name). */
export async function findOrCreateShippingCategory(em: EntityManager, name: string): Promise<ShippingCategory> {
  return (await em.findOneBy(ShippingCategory, { name })) ?? (await em.save(ShippingCategory, em.create(ShippingCategory, { name })));
}

@Injectable()
export class ShippingCategoriesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(params: ListParams): Promise<Page<ShippingCategory>> {
    return findPage(this.dataSource.getRepository(ShippingCategory).createQueryBuilder('category'), SHIPPING_CATEGORY_SEARCH, params);
  }

  find(id: number): Promise<ShippingCategory> {
    return findOrFail(this.dataSource.manager, ShippingCategory, { id });
  }

  create(params: CreateShippingCategoryDto): Promise<ShippingCategory> {
    return this.dataSource.transaction(async (em) => {
      const name = await this.validName(em, params.name, null);
      return em.save(em.create(ShippingCategory, { name })).catch(this.nameTaken);
    });
  }

  update(id: number, params: UpdateShippingCategoryDto): Promise<ShippingCategory> {
    return this.dataSource.transaction(async (em) => {
      const category = await findOrFail(em, ShippingCategory, { id }, { lock: true });
      if (params.name !== undefined) category.name = await this.validName(em, params.name, category.id);
      return em.save(category).catch(this.nameTaken);
    });
  }

  /**
   * Shipping methods simply lose the category. Products must have one, so a
   * category that products still use cannot go.
   */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const category = await findOrFail(em, ShippingCategory, { id }, { lock: true });
      const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM products WHERE shipping_category_id = $1`, [category.id]);
      if (n > 0) throw new InvalidResourceError({ base: ['Cannot delete record because dependent products exist'] });
      await em.delete(ShippingCategory, { id: category.id });
    });
  }

  private async validName(em: EntityManager, raw: string | null | undefined, selfId: number | null): Promise<string> {
    const errors = new FieldErrorCollector();
    const name = (raw ?? '').trim();
    if (name === '') errors.add('name', "can't be blank");
    else if ((await em.query(`SELECT 1 FROM shipping_categories WHERE name = $1 AND ($2::int IS NULL OR id <> $2)`, [name, selfId])).length > 0)
      errors.add('name', 'has already been taken');
    errors.throwIfAny();
    return name;
  }

  private nameTaken = (e: unknown): never => {
    if (isUniqueViolation(e)) throw InvalidResourceError.field('name', 'has already been taken');
    throw e;
  };
}
