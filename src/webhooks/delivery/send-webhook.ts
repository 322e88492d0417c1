import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { publicOnlyLookup, urlProblem } from './url-safety';

/** The most of a receiver's answer read (and kept as the attempt's error excerpt): the rest is dropped. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface SendOptions {
  timeoutMs: number;
  allowPrivateUrls: boolean;
}

export interface SendResult {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  /** Why it failed: the network error, or the status with the start of the answer's body. */
  error: string | null;
}

/**
 * Connections kept open between deliveries (keep-alive), per protocol and
 * per address check: a burst to one endpoint reuses its sockets instead of a
 * TCP (and TLS) handshake per message. A socket idle for 5 s is closed. A
 * reused socket is connected to an address checked when it was opened.
 */
const agents = {
  http: [new http.Agent({ keepAlive: true, keepAliveMsecs: 5000, timeout: 5000 }), new http.Agent({ keepAlive: true, keepAliveMsecs: 5000, timeout: 5000 })],
  https: [new https.Agent({ keepAlive: true, keepAliveMsecs: 5000, timeout: 5000 }), new https.Agent({ keepAlive: true, keepAliveMsecs: 5000, timeout: 5000 })],
};

/** A new endpoint secret in Standard Webhooks' form: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The Standard Webhooks headers of one message. */
export function webhookHeaders(secret: string, messageId: string, body: string, at: Date = new Date()): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * POSTs a signed event to an endpoint. Safe by default: https only, the host
 * resolved and refused when it is not public (then connected to at the
 * address checked), the connection and the answer each bounded by
 * `timeoutMs`, and at most RESPONSE_BODY_LIMIT bytes of the answer read.
 * Never throws: a failure is a result. A 2xx answer is a success.
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const problem = urlProblem(url, options.allowPrivateUrls);
  if (problem) return Promise.resolve({ ok: false, responseCode: null, durationMs: 0, error: `URL ${problem}` });
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const client = secure ? https : http;
  // Private URLs allowed or not resolve differently, so they never share a socket.
  const agent = (secure ? agents.https : agents.http)[options.allowPrivateUrls ? 1 : 0];
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'commerce-api-webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: options.allowPrivateUrls ? undefined : (publicOnlyLookup as never),
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (whole: boolean) => {
          const code = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT);
          done({ ok: code >= 200 && code < 300, responseCode: code, error: code >= 200 && code < 300 ? null : `HTTP ${code}${excerpt ? `: ${excerpt}` : ''}` });
          // An answer read to its end leaves the socket for the next delivery; one cut short closes it.
          if (!whole) response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) finish(false);
        });
        response.on('end', () => finish(true));
        response.on('error', (error) => done({ ok: false, responseCode: response.statusCode ?? null, error: error.message }));
      },
    );
    // One budget for connecting and answering (connect timeout within it).
    const timer = setTimeout(() => {
      done({ ok: false, responseCode: null, error: `timed out after ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => done({ ok: false, responseCode: null, error: error.message }));
    request.end(body);
  });
}
