import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { FieldErrorCollector } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal, decimalPlacesProblem } from '../../common/money/money';
import { chooseCurrency } from '../../common/http/request-currency';
import { currencyMinorUnits } from '../../config/currencies';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { Zone } from '../../geography/zones/entities/zone.entity';
import { TaxCategory } from '../../tax/tax-categories/entities/tax-category.entity';
import { ShippingCategory } from '../../catalog/shipping-categories/entities/shipping-category.entity';
import { CALCULATOR_TYPES, CreateShippingMethodDto, DISPLAY_ON, UpdateShippingMethodDto } from './dto/shipping-method.dto';
import { ShippingCalculatorType, ShippingMethod } from './entities/shipping-method.entity';
import { findOrFail } from '../../common/db/find-or-fail';

export const SHIPPING_METHOD_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'method.id', type: 'integer' },
    name: { expression: 'method.name', type: 'string' },
    admin_name: { expression: 'method.admin_name', type: 'string' },
    code: { expression: 'method.code', type: 'string' },
    display_on: { expression: 'method.display_on', type: 'string' },
    calculator_type: { expression: 'method.calculator_type', type: 'string' },
    calculator_amount: { expression: 'method.calculator_amount', type: 'decimal' },
  },
  defaultOrder: { 'method.id': 'ASC' },
};

/** The money columns keep 8 integer digits (numeric(11,3)). */
const MAX_AMOUNT = '100000000';
const RELATIONS = { zones: true, shippingCategories: true } as const;

@Injectable()
export class ShippingMethodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Live (not soft-deleted) methods, with their zones and categories. */
  async list(params: ListParams): Promise<Page<ShippingMethod>> {
    const qb = this.dataSource.getRepository(ShippingMethod).createQueryBuilder('method').where('method.deleted_at IS NULL');
    const page = await findPage(qb, SHIPPING_METHOD_SEARCH, params);
    if (page.items.length === 0) return page;
    const loaded = await this.dataSource.manager.find(ShippingMethod, { where: { id: In(page.items.map((m) => m.id)) }, relations: RELATIONS });
    const byId = new Map(loaded.map((m) => [m.id, m]));
    return { ...page, items: page.items.map((m) => byId.get(m.id)!) };
  }

  find(id: number): Promise<ShippingMethod> {
    return findOrFail(this.dataSource.manager, ShippingMethod, { id, deletedAt: IsNull() }, { relations: RELATIONS });
  }

  create(params: CreateShippingMethodDto): Promise<ShippingMethod> {
    return this.dataSource.transaction(async (em) => {
      const method = em.create(ShippingMethod, {
        calculatorType: 'flat_rate',
        calculatorAmount: '0',
        calculatorCurrency: this.config.currency,
        adminName: null,
        code: null,
        displayOn: null,
        trackingUrl: null,
        taxCategoryId: null,
        deletedAt: null,
        zones: [],
        shippingCategories: [],
      });
      await this.apply(em, method, { ...params, zone_ids: params.zone_ids ?? [], shipping_category_ids: params.shipping_category_ids ?? [] });
      const saved = await em.save(method);
      return findOrFail(em, ShippingMethod, { id: saved.id, deletedAt: IsNull() }, { relations: RELATIONS });
    });
  }

  update(id: number, params: UpdateShippingMethodDto): Promise<ShippingMethod> {
    return this.dataSource.transaction(async (em) => {
      const method = await findOrFail(em, ShippingMethod, { id, deletedAt: IsNull() }, { lock: true, relations: RELATIONS });
      await this.apply(em, method, params);
      await em.save(method);
      return findOrFail(em, ShippingMethod, { id, deletedAt: IsNull() }, { relations: RELATIONS });
    });
  }

  /** Spree's shipping methods are paranoid: a delete only stamps `deleted_at`. */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const method = await findOrFail(em, ShippingMethod, { id, deletedAt: IsNull() }, { lock: true, relations: RELATIONS });
      await em.update(ShippingMethod, { id: method.id }, { deletedAt: new Date() });
    });
  }

  /** Validates the whole request Rails-style, then copies it onto the method. */
  private async apply(em: EntityManager, method: ShippingMethod, params: UpdateShippingMethodDto): Promise<void> {
    const errors = new FieldErrorCollector();
    const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

    if (params.name !== undefined) {
      const name = text(params.name);
      if (!name) errors.add('name', "can't be blank");
      else method.name = name;
    }
    if (params.admin_name !== undefined) method.adminName = text(params.admin_name) ?? null;
    if (params.code !== undefined) method.code = text(params.code) ?? null;
    if (params.tracking_url !== undefined) method.trackingUrl = text(params.tracking_url) ?? null;
    if (params.display_on !== undefined) {
      const displayOn = text(params.display_on) ?? null;
      if (displayOn !== null && !(DISPLAY_ON as readonly string[]).includes(displayOn)) errors.add('display_on', 'is not included in the list');
      else method.displayOn = displayOn;
    }
    if (params.calculator_type !== undefined) {
      const type = text(params.calculator_type);
      if (!type) errors.add('calculator_type', "can't be blank");
      else if (!(CALCULATOR_TYPES as readonly string[]).includes(type)) errors.add('calculator_type', 'is not included in the list');
      else method.calculatorType = type as ShippingCalculatorType;
    }
    if (params.calculator_amount !== undefined) {
      if (params.calculator_amount === null) errors.add('calculator_amount', "can't be blank");
      else if (decimal(params.calculator_amount).lt(0)) errors.add('calculator_amount', 'must be greater than or equal to 0');
      else if (decimal(params.calculator_amount).gte(MAX_AMOUNT)) errors.add('calculator_amount', `must be less than ${MAX_AMOUNT}`);
      else method.calculatorAmount = params.calculator_amount;
    }
    if (params.calculator_currency !== undefined) {
      try {
        method.calculatorCurrency = chooseCurrency(params.calculator_currency, this.config.supportedCurrencies);
      } catch (error) {
        if (!(error instanceof InvalidResourceError)) throw error;
        errors.add('calculator_currency', `is not a currency this store sells in (${this.config.supportedCurrencies.join(', ')})`);
      }
    }
    // An amount of money has its currency's decimals (a JPY rate has none); a percent keeps 2.
    const places = method.calculatorType === 'flat_percent_item_total' ? 2 : currencyMinorUnits(method.calculatorCurrency);
    const precision = method.calculatorAmount === undefined ? undefined : decimalPlacesProblem(method.calculatorAmount, places);
    if (precision) errors.add('calculator_amount', precision);
    if (params.tax_category_id !== undefined) {
      if (params.tax_category_id !== null && !(await em.exists(TaxCategory, { where: { id: params.tax_category_id, deletedAt: IsNull() } })))
        errors.add('tax_category_id', 'is invalid');
      else method.taxCategoryId = params.tax_category_id;
    }
    if (params.zone_ids !== undefined) {
      const ids = params.zone_ids ?? [];
      const zones = ids.length ? await em.find(Zone, { where: { id: In(ids) } }) : [];
      if (zones.length !== ids.length) errors.add('zone_ids', 'is invalid');
      else method.zones = zones;
    }
    if (params.shipping_category_ids !== undefined) {
      const ids = params.shipping_category_ids ?? [];
      const categories = ids.length ? await em.find(ShippingCategory, { where: { id: In(ids) } }) : [];
      if (categories.length !== ids.length) errors.add('shipping_category_ids', 'is invalid');
      else if (categories.length === 0) errors.add('base', 'You need to select at least one shipping category');
      else method.shippingCategories = categories;
    }
    errors.throwIfAny();
  }
}
