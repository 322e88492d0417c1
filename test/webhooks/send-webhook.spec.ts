import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, RESPONSE_BODY_LIMIT, sendWebhook, webhookHeaders } from '../../src/webhooks/delivery/send-webhook';

/** The sender against real loopback servers: timeouts, the answer's size, the signature, the URL rules. */
describe('sendWebhook', () => {
  const servers: http.Server[] = [];
  const serve = async (handler: http.RequestListener): Promise<string> => {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  };
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });
  const open = { timeoutMs: 2000, allowPrivateUrls: true };

  it('signs the body so that the standardwebhooks library verifies it', async () => {
    const secret = newWebhookSecret();
    let received: { headers: http.IncomingHttpHeaders; body: string } | undefined;
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received = { headers: req.headers, body };
        res.end('ok');
      });
    });
    const body = JSON.stringify({ id: 'evt_1', type: 'ping', created_at: new Date().toISOString(), data: {} });
    const result = await sendWebhook(url, webhookHeaders(secret, 'evt_1', body), body, open);
    expect(result).toMatchObject({ ok: true, responseCode: 200, error: null });
    expect(received!.headers['content-type']).toBe('application/json');
    expect(new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it('keeps the connection open between deliveries to one endpoint (keep-alive)', async () => {
    let connections = 0;
    const url = await serve((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    servers[servers.length - 1].on('connection', () => connections++);
    for (let i = 0; i < 3; i++) expect(await sendWebhook(url, {}, '{}', open)).toMatchObject({ ok: true });
    expect(connections).toBe(1);
  });

  it('gives up after the timeout on a receiver that never answers', async () => {
    const url = await serve(() => undefined);
    const result = await sendWebhook(url, {}, '{}', { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, responseCode: null, error: 'timed out after 300 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(2000);
  });

  it('reads at most a small part of an answer, and a non-2xx answer is a failure naming its status', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(500);
      // An endless answer: the sender stops reading at its limit.
      const chunk = 'x'.repeat(64 * 1024);
      const write = () => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
    });
    const result = await sendWebhook(url, {}, '{}', open);
    expect(result.ok).toBe(false);
    expect(result.responseCode).toBe(500);
    expect(result.error).toBe(`HTTP 500: ${'x'.repeat(RESPONSE_BODY_LIMIT)}`);
  });

  it('follows no redirect: a 3xx is a failure', async () => {
    const url = await serve((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    expect(await sendWebhook(url, {}, '{}', open)).toMatchObject({ ok: false, responseCode: 302, error: 'HTTP 302' });
  });

  it('refuses plain http and private addresses unless allowed, without connecting', async () => {
    let hits = 0;
    const url = await serve((_req, res) => {
      hits++;
      res.end('ok');
    });
    expect(await sendWebhook(url, {}, '{}', { timeoutMs: 2000, allowPrivateUrls: false })).toMatchObject({ ok: false, error: 'URL must be an https URL' });
    expect(await sendWebhook(url.replace('http:', 'https:'), {}, '{}', { timeoutMs: 2000, allowPrivateUrls: false })).toMatchObject({
      ok: false,
      error: 'URL must not point to a loopback, private or link-local address',
    });
    expect(hits).toBe(0);
  });
});
