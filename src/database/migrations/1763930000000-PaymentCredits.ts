import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits of a payment are payments whose source is that payment (Spree's
 * `offsets`); what may still be credited is read through this index.
 */
export class PaymentCredits1763930000000 implements MigrationInterface {
  name = 'PaymentCredits1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX payments_source_idx ON payments (source_type, source_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS payments_source_idx`);
  }
}
