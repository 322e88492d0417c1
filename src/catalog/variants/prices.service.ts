import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { raiseEvent } from '../../common/events/events';
import { decimalPlacesProblem } from '../../common/money/money';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { currencyMinorUnits } from '../../config/currencies';
import { Variant } from './entities/variant.entity';
import type { PriceRow } from './price.serializer';

const PRICE_COLUMNS = `id, variant_id AS "variantId", amount::text AS amount, currency`;

/**
 * A variant's prices, one per currency the store sells in (SUPPORTED_CURRENCIES).
 * The store currency's price is the variant's `price` (set with the variant);
 * the others are set here. Every change moves the product's cache version
 * (the ProductCacheVersion triggers) and raises `product.updated`.
 */
@Injectable()
export class PricesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The variant's prices (a deleted variant's too), in the order of SUPPORTED_CURRENCIES, then any other kept from before. */
  async list(variantId: number): Promise<PriceRow[]> {
    await findOrFail(this.db.manager, Variant, { id: variantId });
    return this.db.query(
      `SELECT ${PRICE_COLUMNS} FROM prices WHERE variant_id = $1 AND amount IS NOT NULL
        ORDER BY array_position($2::text[], currency::text) NULLS LAST, currency`,
      [variantId, this.config.supportedCurrencies],
    );
  }

  /** Creates or replaces the variant's price in `currency` (one the store sells in, with at most its decimal places). */
  async set(variantId: number, currency: string, amount: string): Promise<PriceRow> {
    const code = this.sold(currency);
    const problem = decimalPlacesProblem(amount, currencyMinorUnits(code));
    if (problem) throw InvalidResourceError.field('amount', problem);
    return this.db.transaction(async (em) => {
      const variant = await this.liveVariant(em, variantId);
      const [row] = await em.query(
        `INSERT INTO prices (variant_id, amount, currency) VALUES ($1, $2, $3)
         ON CONFLICT (variant_id, currency) DO UPDATE SET amount = EXCLUDED.amount
         RETURNING ${PRICE_COLUMNS}`,
        [variant.id, amount, code],
      );
      raiseEvent(em, 'product.updated', { resource: 'product', id: variant.productId });
      return row as PriceRow;
    });
  }

  /** Removes the variant's price in `currency`: it is then not sold in it. The store currency's price can be changed, not removed. */
  async remove(variantId: number, currency: string): Promise<void> {
    const code = currency.trim().toUpperCase();
    if (code === this.config.currency) throw InvalidResourceError.field('currency', `is the store currency: its price can be changed, not removed`);
    await this.db.transaction(async (em) => {
      const variant = await this.liveVariant(em, variantId);
      // As a SELECT: TypeORM answers a bare DELETE … RETURNING with [rows, count].
      const [{ removed }] = await em.query(`WITH gone AS (DELETE FROM prices WHERE variant_id = $1 AND currency = $2 RETURNING id) SELECT count(*)::int AS removed FROM gone`, [
        variant.id,
        code,
      ]);
      if (removed === 0) throw new NotFoundError();
      raiseEvent(em, 'product.updated', { resource: 'product', id: variant.productId });
    });
  }

  /** The currency code, when the store sells in it; 422 on `currency` otherwise. */
  private sold(currency: string): string {
    const code = currency.trim().toUpperCase();
    if (!this.config.supportedCurrencies.includes(code)) {
      throw InvalidResourceError.field('currency', `is not a currency this store sells in (${this.config.supportedCurrencies.join(', ')})`);
    }
    return code;
  }

  /** The variant, locked for the change (404 when it does not exist or is deleted). */
  private liveVariant(em: EntityManager, variantId: number): Promise<Variant> {
    return findOrFail(em, Variant, { id: variantId, deletedAt: IsNull() }, { lock: true });
  }
}
