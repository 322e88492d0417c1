import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundError } from '../../common/errors/api-errors';

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
