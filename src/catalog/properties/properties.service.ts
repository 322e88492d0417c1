import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { raiseEvent } from '../../common/events/events';
import { raiseProductsUpdated } from '../products/product-events';

/** The products showing a property (its name is in their product_properties). */
const PRODUCTS_WITH_PROPERTY = `SELECT product_id FROM product_properties WHERE property_id = $1`;
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { Caller } from '../../common/auth/caller';
import { Product } from '../products/entities/product.entity';
import { findVisibleProduct } from '../products/product-scope';
import { Property } from './entities/property.entity';
import { ProductProperty } from './entities/product-property.entity';
import { ProductPropertyParamsDto, PropertyParamsDto } from './dto/property.dto';

export const PROPERTY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'property.id', type: 'integer' },
    name: { expression: 'property.name', type: 'string' },
    presentation: { expression: 'property.presentation', type: 'string' },
  },
  defaultOrder: { 'property.name': 'ASC', 'property.id': 'ASC' },
};

export const PRODUCT_PROPERTY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'product_property.id', type: 'integer' },
    value: { expression: 'product_property.value', type: 'string' },
    position: { expression: 'product_property.position', type: 'integer' },
    property_id: { expression: 'product_property.property_id', type: 'integer' },
    property_name: { expression: 'property.name', type: 'string' },
  },
  defaultOrder: { 'product_property.position': 'ASC', 'product_property.id': 'ASC' },
};

/** `GET /api/properties/new` and `.../product_properties/new` (Spree's new.v1.rabl). */
export const PROPERTIES_NEW = { attributes: ['id', 'name', 'presentation'], required_attributes: [] as string[] };
export const PRODUCT_PROPERTIES_NEW = { attributes: ['id', 'product_id', 'property_id', 'value', 'property_name'], required_attributes: [] as string[] };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A product property with its property's name. */
export type NamedProductProperty = ProductProperty & { property: Property };

/** Spree's `property_name=`: the property of that name, created (presentation = name) when missing. */
export async function findOrCreateProperty(em: EntityManager, name: string): Promise<Property> {
  const existing = await em.findOneBy(Property, { name });
  if (existing) return existing;
  return em.save(Property, em.create(Property, { name, presentation: name }));
}

@Injectable()
export class PropertiesService {
  constructor(
    @InjectRepository(Property) private readonly properties: Repository<Property>,
    @InjectRepository(ProductProperty) private readonly productProperties: Repository<ProductProperty>,
  ) {}

  // ---- properties ----

  list(params: ListParams, ids?: number[]): Promise<Page<Property>> {
    const qb = this.properties.createQueryBuilder('property');
    if (ids) qb.andWhere('property.id IN (:...ids)', { ids: ids.length ? ids : [0] });
    return findPage(qb, PROPERTY_SEARCH, ids ? { ...params, q: { s: params.q.s } } : params);
  }

  /** By id, else by name (Spree's `find` then `find_by!(name:)`). */
  async find(idOrName: string): Promise<Property> {
    if (/^\d{1,10}$/.test(idOrName) && Number(idOrName) <= 2147483647) {
      const byId = await this.properties.findOneBy({ id: Number(idOrName) });
      if (byId) return byId;
    }
    const byName = await findOrFail(this.properties.manager, Property, { name: idOrName });
    return byName;
  }

  async create(params: PropertyParamsDto): Promise<Property> {
    await this.validateProperty(params, null);
    return this.properties.save(this.properties.create({ name: params.name!, presentation: params.presentation! }));
  }

  async update(property: Property, params: PropertyParamsDto): Promise<Property> {
    await this.validateProperty(params, property);
    Object.assign(property, params);
    return this.properties.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_PROPERTY, [property.id]);
      return em.save(Property, property);
    });
  }

  async remove(property: Property): Promise<void> {
    await this.properties.manager.transaction(async (em) => {
      await raiseProductsUpdated(em, PRODUCTS_WITH_PROPERTY, [property.id]);
      await em.delete(Property, { id: property.id });
    });
  }

  private async validateProperty(params: PropertyParamsDto, existing: Property | null): Promise<void> {
    const errors = new FieldErrorCollector();
    const name = params.name !== undefined ? params.name : existing?.name;
    if (isBlank(name)) errors.add('name', "can't be blank");
    else if (await this.properties.createQueryBuilder('p').where('p.name = :name', { name }).andWhere('p.id <> :id', { id: existing?.id ?? 0 }).getExists()) {
      errors.add('name', 'has already been taken');
    }
    if (isBlank(params.presentation !== undefined ? params.presentation : existing?.presentation)) errors.add('presentation', "can't be blank");
    errors.throwIfAny();
  }

  // ---- product properties ----

  /** The product of a nested route, as the caller may see it. */
  findProduct(slugOrId: string, caller: Caller, showDeleted: boolean): Promise<Product> {
    return findVisibleProduct(this.properties.manager, slugOrId, caller, showDeleted);
  }

  listForProduct(productId: number, params: ListParams): Promise<Page<NamedProductProperty>> {
    const qb = this.productProperties
      .createQueryBuilder('product_property')
      .innerJoinAndSelect('product_property.property', 'property')
      .where('product_property.product_id = :productId', { productId });
    return findPage(qb, PRODUCT_PROPERTY_SEARCH, params) as Promise<Page<NamedProductProperty>>;
  }

  /** By id, else by property name (Spree's `find_by(id:)` then the name). */
  async findForProduct(productId: number, idOrName: string): Promise<NamedProductProperty> {
    const qb = () => this.productProperties.createQueryBuilder('pp').innerJoinAndSelect('pp.property', 'property').where('pp.product_id = :productId', { productId });
    let found: ProductProperty | null = null;
    if (/^\d{1,10}$/.test(idOrName) && Number(idOrName) <= 2147483647) found = await qb().andWhere('pp.id = :id', { id: Number(idOrName) }).getOne();
    found ??= await qb().andWhere('property.name = :name', { name: idOrName }).getOne();
    if (!found) throw new NotFoundError();
    return found as NamedProductProperty;
  }

  async createForProduct(productId: number, params: ProductPropertyParamsDto): Promise<NamedProductProperty> {
    return this.productProperties.manager.transaction((em) => this.setProductProperty(em, productId, params));
  }

  /**
   * Creates (or, when the product already has that property, updates) a
   * product property named by `property_name`. Used by product create too.
   */
  async setProductProperty(em: EntityManager, productId: number, params: ProductPropertyParamsDto): Promise<NamedProductProperty> {
    if (isBlank(params.property_name)) throw InvalidResourceError.field('property', "can't be blank");
    const property = await findOrCreateProperty(em, params.property_name!);
    let row = await em.findOneBy(ProductProperty, { productId, propertyId: property.id });
    if (row) {
      if (params.value !== undefined) row.value = params.value;
      if (params.position !== undefined) row.position = params.position;
    } else {
      const position = params.position ?? (await this.nextPosition(em, productId));
      row = em.create(ProductProperty, { productId, propertyId: property.id, value: params.value ?? null, position });
    }
    row = await em.save(ProductProperty, row);
    raiseEvent(em, 'product.updated', { resource: 'product', id: productId });
    return Object.assign(row, { property });
  }

  async updateForProduct(pp: NamedProductProperty, params: ProductPropertyParamsDto): Promise<NamedProductProperty> {
    return this.productProperties.manager.transaction(async (em) => {
      if (params.property_name !== undefined && params.property_name !== pp.property.name) {
        if (isBlank(params.property_name)) throw InvalidResourceError.field('property', "can't be blank");
        const property = await findOrCreateProperty(em, params.property_name!);
        if (await em.existsBy(ProductProperty, { productId: pp.productId, propertyId: property.id })) {
          throw InvalidResourceError.field('property_name', 'has already been taken');
        }
        pp.propertyId = property.id;
        pp.property = property;
      }
      if (params.value !== undefined) pp.value = params.value;
      if (params.position !== undefined) pp.position = params.position;
      const { property, ...row } = pp;
      await em.save(ProductProperty, row);
      raiseEvent(em, 'product.updated', { resource: 'product', id: pp.productId });
      return Object.assign(pp, { property });
    });
  }

  async removeFromProduct(pp: ProductProperty): Promise<void> {
    await this.productProperties.manager.transaction(async (em) => {
      await em.delete(ProductProperty, { id: pp.id });
      raiseEvent(em, 'product.updated', { resource: 'product', id: pp.productId });
    });
  }

  private async nextPosition(em: EntityManager, productId: number): Promise<number> {
    const [{ max }] = await em.query(`SELECT COALESCE(MAX(position), -1) AS max FROM product_properties WHERE product_id = $1`, [productId]);
    return Number(max) + 1;
  }
}
