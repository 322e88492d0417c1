import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import type { PaymentMethodType } from '../payment/gateways/payment-providers';
import { SecretBox } from '../../config/secret-box';
import { PAYMENT_METHOD_TYPES, settingsOf } from '../payment/gateways/registry';
import { CreatePaymentMethodDto, DISPLAY_ON, ENVIRONMENTS, UpdatePaymentMethodDto } from './dto/payment-method.dto';
import { PaymentMethod } from './entities/payment-method.entity';
import { Payment } from '../payment/entities/payment.entity';
import { findOrFail } from '../../common/db/find-or-fail';

/** Never `preferences`: they may hold gateway credentials. */
export const PAYMENT_METHOD_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'method.id', type: 'integer' },
    name: { expression: 'method.name', type: 'string' },
    type: { expression: 'method.type', type: 'string' },
    active: { expression: 'method.active', type: 'boolean' },
    environment: { expression: 'method.environment', type: 'string' },
    display_on: { expression: 'method.display_on', type: 'string' },
  },
  defaultOrder: { 'method.id': 'ASC' },
};

@Injectable()
export class PaymentMethodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** Live (not soft-deleted) methods. */
  list(params: ListParams): Promise<Page<PaymentMethod>> {
    const qb = this.dataSource.getRepository(PaymentMethod).createQueryBuilder('method').where('method.deleted_at IS NULL');
    return findPage(qb, PAYMENT_METHOD_SEARCH, params);
  }

  find(id: number): Promise<PaymentMethod> {
    return findOrFail(this.dataSource.manager, PaymentMethod, { id, deletedAt: IsNull() });
  }

  create(params: CreatePaymentMethodDto): Promise<PaymentMethod> {
    return this.dataSource.transaction(async (em) => {
      const method = em.create(PaymentMethod, {
        description: null,
        active: true,
        environment: 'development',
        displayOn: null,
        autoCapture: null,
        preferences: {},
        deletedAt: null,
      });
      this.apply(method, params);
      return em.save(method);
    });
  }

  update(id: number, params: UpdatePaymentMethodDto): Promise<PaymentMethod> {
    return this.dataSource.transaction(async (em) => {
      const method = await findOrFail(em, PaymentMethod, { id, deletedAt: IsNull() }, { lock: true });
      const typeBefore = method.type;
      this.apply(method, params);
      // A payment is captured, voided and refunded through the gateway that took it: another type would send those
      // calls to a provider that never saw it. A shop switching provider creates a new method.
      if (method.type !== typeBefore && (await em.existsBy(Payment, { paymentMethodId: method.id }))) {
        throw InvalidResourceError.field('type', `can't be changed once payments use this method (it is ${typeBefore}): create a new payment method instead`);
      }
      return em.save(method);
    });
  }

  /** Spree's payment methods are paranoid: past payments keep theirs. */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const method = await findOrFail(em, PaymentMethod, { id, deletedAt: IsNull() }, { lock: true });
      await em.update(PaymentMethod, { id: method.id }, { deletedAt: new Date() });
    });
  }

  private apply(method: PaymentMethod, params: UpdatePaymentMethodDto): void {
    const errors = new FieldErrorCollector();
    const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
    const oneOf = (field: string, value: string | null | undefined, allowed: readonly string[], blankAllowed: boolean): string | null | undefined => {
      const v = text(value);
      if (v === undefined) return undefined;
      if (v === null) {
        if (!blankAllowed) errors.add(field, "can't be blank");
        return blankAllowed ? null : undefined;
      }
      if (!allowed.includes(v)) {
        errors.add(field, 'is not included in the list');
        return undefined;
      }
      return v;
    };

    if (params.name !== undefined) {
      const name = text(params.name);
      if (!name) errors.add('name', "can't be blank");
      else method.name = name;
    }
    const type = oneOf('type', params.type, PAYMENT_METHOD_TYPES, false);
    if (type) method.type = type as PaymentMethodType;
    const environment = oneOf('environment', params.environment, ENVIRONMENTS, false);
    if (environment) method.environment = environment;
    const displayOn = oneOf('display_on', params.display_on, DISPLAY_ON, true);
    if (displayOn !== undefined) method.displayOn = displayOn;
    if (params.description !== undefined) method.description = params.description;
    if (params.active !== undefined) {
      if (params.active === null) errors.add('active', "can't be blank");
      else method.active = params.active;
    }
    if (params.auto_capture !== undefined) method.autoCapture = params.auto_capture;
    if (!errors.any) this.applySettings(method, params, type !== undefined && type !== null, errors);
    errors.throwIfAny();
  }

  /**
   * The provider's settings (`preferred_<name>`) into `preferences`: only those its type takes (422 on another), the
   * secret ones sealed with SECRET_KEY, a blank one removed. A new type keeps none of the old type's settings.
   */
  private applySettings(method: PaymentMethod, params: UpdatePaymentMethodDto, typeChanged: boolean, errors: FieldErrorCollector): void {
    const { names, secret } = settingsOf(method.type);
    const preferences: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(method.preferences ?? {})) if (!typeChanged || names.includes(name)) preferences[name] = value;
    for (const key of Object.keys(params) as Array<keyof UpdatePaymentMethodDto>) {
      if (!key.startsWith('preferred_')) continue;
      const value = params[key] as string | null | undefined;
      if (value === undefined) continue;
      const name = key.slice('preferred_'.length);
      if (!names.includes(name)) {
        errors.add(key, `is not a setting of ${method.type}`);
        continue;
      }
      const v = value?.trim();
      if (!v) delete preferences[name];
      else preferences[name] = secret.includes(name) ? this.box.seal('payment_methods.preferences', v) : v;
    }
    method.preferences = preferences;
  }
}
