import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundError } from '../../common/errors/api-errors';
import { raiseEvent } from '../../common/events/events';

/** A product is classified under exactly these taxons: it leaves the others and joins the new ones last (positions are per taxon). */
export async function setProductTaxons(em: EntityManager, productId: number, taxonIds: number[]): Promise<void> {
  await em.query(`DELETE FROM classifications WHERE product_id = $1 AND NOT (taxon_id = ANY($2::int[]))`, [productId, taxonIds]);
  for (const taxonId of taxonIds) {
    await em.query(
      `INSERT INTO classifications (product_id, taxon_id, position)
       SELECT $1, $2, COALESCE(MAX(position), 0) + 1 FROM classifications WHERE taxon_id = $2
       ON CONFLICT (taxon_id, product_id) DO NOTHING`,
      [productId, taxonId],
    );
  }
  raiseEvent(em, 'product.updated', { resource: 'product', id: productId });
}

/**
 * Before a taxon (with its subtree) or a whole taxonomy is deleted, its
 * classifications cascading with it: each live product classified there
 * raises product.updated (its taxon_ids change).
 */
export async function raiseForDeclassifiedProducts(em: EntityManager, from: { taxonId: number } | { taxonomyId: number }): Promise<void> {
  const rows: { product_id: number }[] =
    'taxonId' in from
      ? await em.query(
          `WITH RECURSIVE subtree AS (SELECT id FROM taxons WHERE id = $1 UNION ALL SELECT t.id FROM taxons t JOIN subtree s ON t.parent_id = s.id)
           SELECT DISTINCT c.product_id FROM classifications c JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL
            WHERE c.taxon_id IN (SELECT id FROM subtree) ORDER BY 1`,
          [from.taxonId],
        )
      : await em.query(
          `SELECT DISTINCT c.product_id FROM classifications c JOIN taxons t ON t.id = c.taxon_id JOIN products p ON p.id = c.product_id AND p.deleted_at IS NULL
            WHERE t.taxonomy_id = $1 ORDER BY 1`,
          [from.taxonomyId],
        );
  for (const row of rows) raiseEvent(em, 'product.updated', { resource: 'product', id: Number(row.product_id) });
}

@Injectable()
export class ClassificationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Moves a product to the 0-based `position` among its taxon's products
   * (clamped to the list). Positions are stored 1-based, as acts_as_list
   * keeps them, and renumbered 1..n within the taxon.
   */
  async move(productId: number, taxonId: number, position: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows: { id: number; product_id: number }[] = await em.query(
        `SELECT id, product_id FROM classifications WHERE taxon_id = $1 ORDER BY position, id FOR UPDATE`,
        [taxonId],
      );
      const moving = rows.find((r) => Number(r.product_id) === productId);
      if (!moving) throw new NotFoundError();
      const order = rows.filter((r) => r !== moving).map((r) => Number(r.id));
      order.splice(Math.min(position, order.length), 0, Number(moving.id));
      await em.query(
        `UPDATE classifications SET position = v.position
           FROM unnest($1::int[], $2::int[]) AS v(id, position)
          WHERE classifications.id = v.id AND classifications.position <> v.position`,
        [order, order.map((_, i) => i + 1)],
      );
    });
  }
}
