import { queueConnections } from './webhook-queue.service';

describe('queueConnections', () => {
  it('gives pg-boss 3 to 6 connections as WEBHOOKS_CONCURRENCY grows', () => {
    expect(queueConnections(1)).toBe(3);
    expect(queueConnections(4)).toBe(3);
    expect(queueConnections(6)).toBe(4);
    expect(queueConnections(16)).toBe(6);
    expect(queueConnections(100)).toBe(6);
  });
});
