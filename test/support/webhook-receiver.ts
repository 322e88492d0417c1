import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestApp } from './test-app';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/**
 * A real HTTP receiver on loopback that records each webhook it gets and
 * answers with the next status of `statuses` (the last one repeats; 200 by
 * default).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  statuses: number[] = [200];
  /** Holds every request open (never answers) while set: a receiver the delivering process dies in front of. */
  hang = false;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ headers: req.headers, body, json: JSON.parse(body) });
      if (this.hang) return;
      const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver says no' : 'ok');
    });
  });

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.json.type === type);
  }

  /** Waits until `count` webhooks matched `filter` (then a short while more, to catch any extra). */
  async waitFor(count: number, filter: (r: ReceivedWebhook) => boolean = () => true, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.filter(filter).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${this.received.filter(filter).length}: ${this.received.map((r) => r.json.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.received.filter(filter);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Settings of a test app that delivers webhooks to loopback receivers quickly. */
export const WEBHOOK_TEST_ENV = { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_RETRY_BASE_MS: '300', WEBHOOKS_POLL_MS: '200', WEBHOOKS_TIMEOUT_MS: '3000' };

/** POST /api/webhook_endpoints as the admin; returns the answer (with the secret). */
export async function createEndpoint(t: TestApp, admin: Record<string, string>, url: string, events: string[], expectStatus = 201): Promise<Record<string, any>> {
  const res = await t.http().post('/api/webhook_endpoints').set(admin).send({ webhook_endpoint: { url, events } }).expect(expectStatus);
  return res.body;
}

/** Waits until a condition on the database holds. */
export async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
