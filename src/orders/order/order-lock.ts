import { EntityManager } from 'typeorm';
import { entityColumns } from '../../common/db/entity-json';
import { preparedStatement } from '../../common/db/prepared-statement';
import { Order } from './entities/order.entity';

/** The order a change works on, locked until its transaction ends: the first statement of every order change, prepared. */
const ORDER_FOR_UPDATE = preparedStatement('order-for-update', (em) => `SELECT ${entityColumns(em, Order, 'o')} FROM orders o WHERE o.number = $1 FOR UPDATE`);

/** The order with this number, its row locked for update until the transaction ends; undefined when there is none. */
export async function lockOrder(em: EntityManager, number: string): Promise<Order | undefined> {
  const [order] = await ORDER_FOR_UPDATE(em).run<Order>(em, [number]);
  return order;
}
