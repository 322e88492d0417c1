import { EntityManager } from 'typeorm';

/** A product's option types (`product_option_types`), written only here: by the product's own changes and by a variant's `options`. */

/** Adds an option type to a product, last; nothing when it has it already. */
export async function addProductOptionType(em: EntityManager, productId: number, optionTypeId: number): Promise<void> {
  await em.query(
    `INSERT INTO product_option_types (product_id, option_type_id, position)
     SELECT $1, $2, COALESCE(MAX(position), 0) + 1 FROM product_option_types WHERE product_id = $1
     ON CONFLICT DO NOTHING`,
    [productId, optionTypeId],
  );
}

/** Drops the product's option types that are not among `keep`. */
export async function keepProductOptionTypes(em: EntityManager, productId: number, keep: number[]): Promise<void> {
  await em.query(`DELETE FROM product_option_types WHERE product_id = $1 AND NOT (option_type_id = ANY($2::int[]))`, [productId, keep]);
}
