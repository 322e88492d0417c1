import { EntityManager, EntityTarget, FindOptionsRelations, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { NotFoundError } from '../errors/api-errors';

/**
 * The row `where` finds, or the contract's 404 (`NotFoundError`): the one way
 * a service loads what a path names. `lock`: the row is locked for update
 * (in the caller's transaction) first; with `relations` too, it is locked
 * alone and then read with them, as PostgreSQL refuses FOR UPDATE on the
 * nullable side of the outer joins relations bring.
 */
export async function findOrFail<T extends ObjectLiteral>(
  em: EntityManager,
  entity: EntityTarget<T>,
  where: FindOptionsWhere<T>,
  options: { lock?: boolean; relations?: FindOptionsRelations<T> } = {},
): Promise<T> {
  const { lock = false, relations } = options;
  if (lock && relations) {
    const locked = await em.findOne(entity, { where, lock: { mode: 'pessimistic_write' } });
    if (!locked) throw new NotFoundError();
  }
  const found = await em.findOne(entity, {
    where,
    ...(relations ? { relations } : {}),
    ...(lock && !relations ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!found) throw new NotFoundError();
  return found;
}
