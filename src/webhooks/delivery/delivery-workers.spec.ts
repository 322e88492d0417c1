import { deliveryWorkers } from './webhook-queue.service';

describe('deliveryWorkers', () => {
  it('splits WEBHOOKS_CONCURRENCY into up to 4 workers whose batches add up to at least it', () => {
    expect(deliveryWorkers(1)).toEqual({ workers: 1, batchSize: 1 });
    expect(deliveryWorkers(4)).toEqual({ workers: 1, batchSize: 4 });
    expect(deliveryWorkers(6)).toEqual({ workers: 2, batchSize: 3 });
    expect(deliveryWorkers(16)).toEqual({ workers: 4, batchSize: 4 });
    expect(deliveryWorkers(100)).toEqual({ workers: 4, batchSize: 25 });
  });
});
