import { coalesceEvents, EventType } from './events';

const ev = (type: EventType, id: number, resource = 'product') => ({ type, subject: { resource, id } });

describe('coalesceEvents', () => {
  it('drops an update of a resource created or deleted in the same transaction', () => {
    const list = [ev('product.updated', 1), ev('product.created', 1), ev('product.updated', 2), ev('product.deleted', 3), ev('product.updated', 3)];
    expect(coalesceEvents(list).map((e) => `${e.type}#${e.subject.id}`)).toEqual(['product.created#1', 'product.updated#2', 'product.deleted#3']);
  });

  it('keeps updates of other resources and other event families', () => {
    const list = [ev('product.created', 1), ev('order.updated', 1, 'order'), ev('order.completed', 1, 'order')];
    expect(coalesceEvents(list)).toEqual(list);
  });
});
