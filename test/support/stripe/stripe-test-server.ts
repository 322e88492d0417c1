import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Params, parseForm, RawParams, unknownParameter } from './form-params';
import { Json, RequestContext, StripeAccount, stripeId, THREE_D_SECURE_PATH } from './stripe-account';
import { apiError, authenticationError, idempotencyError, invalidRequest, StripeApiError } from './stripe-errors';
import { answerProblems, eventProblems, queryParameters, requestSchema, schemaProblems, stripeOpenApi, stripeOperation } from './stripe-openapi';

/**
 * A Stripe-compatible server for tests, in this process, on 127.0.0.1 at a
 * random port: the official `stripe` SDK talks to it as to Stripe
 * (`new Stripe(server.secretKey, server.sdkOptions())`). It implements the
 * operations the service uses (payment intents, payment methods, customers,
 * setup intents, refunds, events) over an in-memory account (stripe-account.ts)
 * with Stripe's test PaymentMethods (test-cards.ts), and checks every answer
 * it gives, and every event it writes, against Stripe's published OpenAPI
 * specification (stripe-openapi.ts): `stop()` fails when one departed from it.
 *
 * For tests it also: records every call (`calls`), fails chosen calls
 * (`failNext`), lets the shopper pass or fail 3-D Secure (`authenticate`),
 * opens disputes (`dispute`), and signs events to a webhook endpoint with the
 * SDK's test-header helper, automatically or when told, correctly or forged
 * (`deliver`). README.md beside this file lists what it does not do.
 */
export interface StripeTestServerOptions {
  /** The account's secret key (`sk_test_…`); a random one by default. */
  secretKey?: string;
  /** Where events are sent, signed with `secret`; `manual`: only when a test calls `deliver`. */
  webhook?: WebhookEndpoint;
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
  delivery: 'automatic' | 'manual';
}

export type InjectedFailure =
  /** The connection drops before Stripe sees the request: nothing happens. */
  | 'drop-before'
  /** Stripe does the work, then the connection drops before the answer: the caller cannot know. */
  | 'drop-after'
  /** Stripe answers 500 api_error without doing anything. */
  | 'api-error';

export interface RecordedCall {
  method: string;
  path: string;
  /** `POST /v1/payment_intents/{intent}/capture`, or null for a path Stripe does not have. */
  operation: string | null;
  params: RawParams;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** 0 when the connection was dropped before an answer. */
  status: number;
  body: unknown;
  /** Answered from the Idempotency-Key's kept answer, without running the operation again. */
  replayed: boolean;
  failure: InjectedFailure | null;
}

export type SignatureForgery = 'wrong-secret' | 'tampered-body' | 'stale-timestamp' | 'missing';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  forged: SignatureForgery | null;
  error: string | null;
}

interface Route {
  params: string[];
  /** Fields of the answer's objects that `expand[]` may name. */
  expandable?: string[];
  list?: boolean;
  run(account: StripeAccount, ids: string[], p: Params, ctx: RequestContext): Json | Json[];
}

/** The operations implemented, by their name in the OpenAPI subset, with the parameters each takes. */
const ROUTES: Record<string, Route> = {
  'GET /v1/payment_intents': { params: ['customer', 'limit', 'starting_after', 'ending_before', 'expand'], expandable: ['latest_charge', 'payment_method', 'customer'], list: true, run: (a, _, p) => a.listPaymentIntents(p.string('customer')) },
  'POST /v1/payment_intents': {
    params: ['amount', 'currency', 'customer', 'payment_method', 'payment_method_types', 'automatic_payment_methods', 'capture_method', 'confirmation_method', 'confirm', 'off_session', 'return_url', 'setup_future_usage', 'description', 'metadata', 'receipt_email', 'expand'],
    expandable: ['latest_charge', 'payment_method', 'customer'],
    run: (a, _, p, ctx) => a.createPaymentIntent(p, ctx),
  },
  'GET /v1/payment_intents/{intent}': { params: ['client_secret', 'expand'], expandable: ['latest_charge', 'payment_method', 'customer'], run: (a, [id]) => a.retrievePaymentIntent(id) },
  'POST /v1/payment_intents/{intent}': {
    params: ['amount', 'currency', 'customer', 'payment_method', 'capture_method', 'setup_future_usage', 'description', 'metadata', 'receipt_email', 'expand'],
    expandable: ['latest_charge', 'payment_method', 'customer'],
    run: (a, [id], p) => a.updatePaymentIntent(id, p),
  },
  'POST /v1/payment_intents/{intent}/confirm': {
    params: ['payment_method', 'off_session', 'return_url', 'setup_future_usage', 'capture_method', 'receipt_email', 'expand'],
    expandable: ['latest_charge', 'payment_method', 'customer'],
    run: (a, [id], p, ctx) => a.confirmPaymentIntent(id, p, ctx),
  },
  'POST /v1/payment_intents/{intent}/capture': { params: ['amount_to_capture', 'metadata', 'expand'], expandable: ['latest_charge', 'payment_method', 'customer'], run: (a, [id], p, ctx) => a.capturePaymentIntent(id, p, ctx) },
  'POST /v1/payment_intents/{intent}/cancel': { params: ['cancellation_reason', 'expand'], expandable: ['latest_charge', 'payment_method', 'customer'], run: (a, [id], p, ctx) => a.cancelPaymentIntent(id, p, ctx) },
  'GET /v1/payment_methods': {
    params: ['customer', 'type', 'limit', 'starting_after', 'ending_before', 'expand'],
    expandable: ['customer'],
    list: true,
    run: (a, _, p) => a.customerPaymentMethods(p.string('customer', true), 'customer', p.string('type')),
  },
  'GET /v1/payment_methods/{payment_method}': { params: ['expand'], expandable: ['customer'], run: (a, [id]) => a.retrievePaymentMethod(id) },
  'POST /v1/payment_methods/{payment_method}/attach': { params: ['customer', 'expand'], expandable: ['customer'], run: (a, [id], p, ctx) => a.attachPaymentMethod(id, p, ctx) },
  'POST /v1/payment_methods/{payment_method}/detach': { params: ['expand'], run: (a, [id], _, ctx) => a.detachPaymentMethod(id, ctx) },
  'POST /v1/customers': { params: ['email', 'name', 'description', 'phone', 'metadata', 'payment_method', 'invoice_settings', 'expand'], run: (a, _, p, ctx) => a.createCustomer(p, ctx) },
  'GET /v1/customers/{customer}': { params: ['expand'], run: (a, [id]) => a.retrieveCustomer(id) },
  'POST /v1/customers/{customer}': { params: ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'expand'], run: (a, [id], p, ctx) => a.updateCustomer(id, p, ctx) },
  'GET /v1/customers/{customer}/payment_methods': {
    params: ['type', 'limit', 'starting_after', 'ending_before', 'expand'],
    list: true,
    run: (a, [id], p) => a.customerPaymentMethods(id, 'customer', p.string('type')),
  },
  'POST /v1/setup_intents': {
    params: ['customer', 'payment_method', 'payment_method_types', 'automatic_payment_methods', 'confirm', 'return_url', 'usage', 'description', 'metadata', 'expand'],
    expandable: ['payment_method', 'customer'],
    run: (a, _, p, ctx) => a.createSetupIntent(p, ctx),
  },
  'GET /v1/setup_intents/{intent}': { params: ['client_secret', 'expand'], expandable: ['payment_method', 'customer'], run: (a, [id]) => a.retrieveSetupIntent(id) },
  'POST /v1/setup_intents/{intent}/confirm': { params: ['payment_method', 'return_url', 'expand'], expandable: ['payment_method', 'customer'], run: (a, [id], p, ctx) => a.confirmSetupIntent(id, p, ctx) },
  'POST /v1/refunds': { params: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'], expandable: ['charge', 'payment_intent'], run: (a, _, p, ctx) => a.createRefund(p, ctx) },
  'GET /v1/refunds/{refund}': { params: ['expand'], expandable: ['charge', 'payment_intent'], run: (a, [id]) => a.retrieveRefund(id) },
  'GET /v1/events/{id}': { params: ['expand'], run: (a, [id]) => a.retrieveEvent(id) },
};

/** How an expanded field's id is read back as its object. */
const EXPANSIONS: Record<string, (account: StripeAccount, id: string) => Json> = {
  latest_charge: (a, id) => a.retrieveCharge(id),
  charge: (a, id) => a.retrieveCharge(id),
  payment_method: (a, id) => a.retrievePaymentMethod(id),
  payment_intent: (a, id) => a.retrievePaymentIntent(id),
  customer: (a, id) => a.retrieveCustomer(id),
};

const patternOf = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
const COMPILED = Object.entries(ROUTES)
  .map(([name, route]) => {
    const [method, template] = name.split(' ');
    return { name, method, pattern: patternOf(template), params: (template.match(/\{/g) ?? []).length, route };
  })
  .sort((a, b) => a.params - b.params);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class StripeTestServer {
  readonly account: StripeAccount;
  readonly calls: RecordedCall[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** `<operation> <status>: <problem>` for each answer or event that departed from Stripe's OpenAPI specification. */
  readonly auditProblems: string[] = [];
  readonly secretKey: string;
  private webhook: WebhookEndpoint | undefined;
  private readonly kept = new Map<string, { request: string; fingerprint: string; status: number; body: unknown }>();
  private readonly failures: { operation: string; failure: InjectedFailure; remaining: number }[] = [];
  private deliveryQueue: Promise<unknown> = Promise.resolve();
  private readonly server = http.createServer((req, res) => {
    this.handle(req, res).catch((error: Error) => {
      // A fault of this server, not an answer of Stripe's: recorded so that stop() fails the test.
      this.auditProblems.push(`${req.method} ${req.url}: the test server failed: ${error.stack}`);
      res.destroy();
    });
  });

  private constructor(options: StripeTestServerOptions) {
    this.secretKey = options.secretKey ?? stripeId('sk_test', 32);
    this.account = new StripeAccount({
      apiVersion: stripeOpenApi().info.version,
      onEvent: (event) => this.onEvent(event),
      endpointCount: () => (this.webhook ? 1 : 0),
      baseUrl: () => this.url,
    });
    if (options.webhook) this.setWebhook(options.webhook);
  }

  static async start(options: StripeTestServerOptions = {}): Promise<StripeTestServer> {
    const server = new StripeTestServer(options);
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The SDK's settings that point it here: `new Stripe(server.secretKey, server.sdkOptions())`. */
  sdkOptions(extra: { maxNetworkRetries?: number } = {}): { host: string; port: number; protocol: 'http'; maxNetworkRetries: number; telemetry: boolean } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: extra.maxNetworkRetries ?? 0, telemetry: false };
  }

  /** A client of the official SDK pointed at this server. */
  client(extra: { maxNetworkRetries?: number } = {}): Stripe {
    return new Stripe(this.secretKey, this.sdkOptions(extra));
  }

  /** The calls to one operation (`POST /v1/payment_intents/{intent}/capture`) that ran it (not replays, not dropped before). */
  executed(operation: string): RecordedCall[] {
    return this.calls.filter((c) => c.operation === operation && !c.replayed && c.failure !== 'drop-before' && c.failure !== 'api-error');
  }

  /** Fails the next `times` calls of an operation as `failure` says. */
  failNext(operation: string, failure: InjectedFailure, times = 1): void {
    if (!ROUTES[operation]) throw new Error(`Stripe test server: no operation ${operation}`);
    this.failures.push({ operation, failure, remaining: times });
  }

  // ---- test controls ------------------------------------------------------------

  /** The shopper completes (or fails) 3-D Secure for an intent (`pi_…` or `seti_…`) in requires_action. */
  authenticate(intentId: string, outcome: 'succeeded' | 'failed' = 'succeeded'): Json {
    return intentId.startsWith('seti_') ? this.account.authenticateSetupIntent(intentId, outcome) : this.account.authenticatePaymentIntent(intentId, outcome);
  }

  /** The cardholder disputes a captured charge (`charge.dispute.created`). */
  dispute(chargeId: string, reason?: string): Json {
    return this.account.disputeCharge(chargeId, reason);
  }

  // ---- webhooks --------------------------------------------------------------------

  /** Sends events to `endpoint` from now on (a loopback address only). */
  setWebhook(endpoint: WebhookEndpoint | undefined): void {
    if (endpoint && !LOOPBACK.has(new URL(endpoint.url).hostname)) throw new Error(`Stripe test server: webhooks go to loopback addresses only, not ${endpoint.url}`);
    this.webhook = endpoint;
  }

  /** The events written so far, oldest first. */
  get events(): Json[] {
    return this.account.events;
  }

  /**
   * Sends one event (again, or out of order) to the webhook endpoint, signed
   * with the endpoint's secret by the SDK's test-header helper, or forged.
   */
  async deliver(eventId: string, forged: SignatureForgery | null = null): Promise<WebhookDelivery> {
    const endpoint = this.webhook;
    if (!endpoint) throw new Error('Stripe test server: no webhook endpoint set');
    const event = this.account.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`Stripe test server: no event ${eventId}`);
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000) - (forged === 'stale-timestamp' ? 600 : 0);
    const secret = forged === 'wrong-secret' ? `${endpoint.secret}x` : endpoint.secret;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const body = forged === 'tampered-body' ? payload.replace('"livemode": false', '"livemode": true') : payload;
    const delivery: WebhookDelivery = { eventId, type: event.type, status: 0, forged, error: null };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(forged !== 'missing' && { 'stripe-signature': signature }),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
      if (response.ok && !forged) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
    } catch (error) {
      delivery.error = (error as Error).message;
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Sends, in order, every event not yet delivered (what automatic delivery does after each call). */
  deliverPending(): Promise<WebhookDelivery[]> {
    const delivered = new Set(this.deliveries.filter((d) => !d.forged).map((d) => d.eventId));
    const pending = this.account.events.filter((e) => !delivered.has(e.id)).map((e) => e.id as string);
    return this.queue(async () => {
      const results: WebhookDelivery[] = [];
      for (const id of pending) results.push(await this.deliver(id));
      return results;
    });
  }

  /** Resolves once every automatic delivery started so far has finished. */
  async webhooksSettled(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = this.deliveryQueue;
      await last;
    } while (last !== this.deliveryQueue);
  }

  private queue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.deliveryQueue.then(work, work);
    this.deliveryQueue = next.catch(() => undefined);
    return next;
  }

  private onEvent(event: Json): void {
    this.auditProblems.push(...eventProblems(event).map((p) => `${event.type} ${event.id}: ${p}`));
    // Stripe sends events after the call that made them has been answered.
    if (this.webhook?.delivery === 'automatic') setImmediate(() => void this.queue(() => this.deliver(event.id)));
  }

  /** Stops the server; fails when an answer or event departed from Stripe's OpenAPI specification. */
  async stop(): Promise<void> {
    await this.webhooksSettled();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.auditProblems.length > 0) {
      throw new Error(`The Stripe test server departed from Stripe's OpenAPI specification:\n${this.auditProblems.join('\n')}`);
    }
  }

  // ---- HTTP ----------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname.startsWith('/__test/')) return this.handleTestControl(method, url, Buffer.concat(chunks).toString('utf8'), res);
    const raw = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString('utf8'));
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
    const idempotencyKey = method === 'POST' ? header('idempotency-key') : null;
    const match = COMPILED.find((r) => r.method === method && r.pattern.exec(url.pathname));
    const call: RecordedCall = {
      method,
      path: url.pathname,
      operation: match?.name ?? null,
      params: raw,
      idempotencyKey,
      stripeVersion: header('stripe-version'),
      status: 0,
      body: undefined,
      replayed: false,
      failure: null,
    };
    this.calls.push(call);
    const requestId = stripeId('req', 14);
    const answer = (status: number, body: unknown, extraHeaders: Record<string, string> = {}) => {
      call.status = status;
      call.body = body;
      this.audit(method, url.pathname, status, body, !!match);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        // The version it answers in, whatever the SDK asked for: the one its specification subset describes.
        'stripe-version': stripeOpenApi().info.version,
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
        ...extraHeaders,
      });
      res.end(JSON.stringify(body, null, 2));
    };
    const drop = () => {
      req.socket.destroy();
    };

    const authorization = header('authorization');
    const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (key !== this.secretKey) return answer(401, { error: authenticationError(key).body });
    if (!match) {
      return answer(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      });
    }
    const failure = this.takeFailure(match.name);
    call.failure = failure;
    if (failure === 'drop-before') return drop();
    if (failure === 'api-error') return answer(500, { error: apiError().body });

    const fingerprint = canonical(raw);
    const requestName = `${method} ${url.pathname}`;
    const kept = idempotencyKey ? this.kept.get(idempotencyKey) : undefined;
    if (kept) {
      if (kept.request !== requestName) {
        return answer(400, {
          error: idempotencyError(
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${kept.request}' vs '${requestName}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ).body,
        });
      }
      if (kept.fingerprint !== fingerprint) {
        return answer(400, {
          error: idempotencyError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ).body,
        });
      }
      call.replayed = true;
      if (failure === 'drop-after') return drop();
      return answer(kept.status, kept.body, { 'idempotent-replayed': 'true' });
    }

    const ids = match.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    let status: number;
    let body: unknown;
    let keep: boolean;
    try {
      const operation = stripeOperation(method, url.pathname)!;
      const expand = checkParameters(match.name, match.route, operation, raw);
      const ctx: RequestContext = { requestId, idempotencyKey };
      const result = match.route.run(this.account, ids, new Params(raw), ctx);
      body = Array.isArray(result) ? this.page(result, new Params(raw), url.pathname, expand) : this.expand(result, expand);
      status = 200;
      keep = true;
    } catch (error) {
      if (!(error instanceof StripeApiError)) {
        this.auditProblems.push(`${match.name}: the test server failed: ${(error as Error).stack}`);
        return answer(500, { error: apiError().body });
      }
      status = error.status;
      body = { error: error.body };
      keep = error.kept;
    }
    if (idempotencyKey && keep) this.kept.set(idempotencyKey, { request: requestName, fingerprint, status, body });
    if (failure === 'drop-after') {
      call.status = status;
      call.body = body;
      this.audit(method, url.pathname, status, body, true);
      return drop();
    }
    return answer(status, body);
  }

  private takeFailure(operation: string): InjectedFailure | null {
    const planned = this.failures.find((f) => f.operation === operation && f.remaining > 0);
    if (!planned) return null;
    planned.remaining -= 1;
    return planned.failure;
  }

  private audit(method: string, path: string, status: number, body: unknown, isOperation: boolean): void {
    const problems = isOperation ? answerProblems(method, path, status, body) : schemaProblems('error', body).map((p) => `${method} ${path} ${status}: ${p}`);
    this.auditProblems.push(...problems);
  }

  private expand(object: Json, fields: string[]): Json {
    for (const field of fields) {
      const id = object[field];
      if (typeof id === 'string') object[field] = EXPANSIONS[field](this.account, id);
    }
    return object;
  }

  /** A page of a list, newest first, as Stripe pages (`limit`, `starting_after`, `ending_before`). */
  private page(items: Json[], p: Params, path: string, expand: string[]): Json {
    const limit = p.integer('limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalidRequest('This value must be less than or equal to 100.', { param: 'limit' });
    let from = 0;
    let to = items.length;
    const after = p.string('starting_after');
    const before = p.string('ending_before');
    if (after !== undefined) from = items.findIndex((i) => i.id === after) + 1;
    if (before !== undefined) to = Math.max(0, items.findIndex((i) => i.id === before));
    const window = before !== undefined ? items.slice(Math.max(from, to - limit), to) : items.slice(from, from + limit);
    const hasMore = before !== undefined ? to - limit > from : from + limit < to;
    return { object: 'list', data: window.map((i) => this.expand(i, expand)), has_more: hasMore, url: path };
  }

  private handleTestControl(method: string, url: URL, text: string, res: http.ServerResponse): void {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body, null, 2));
    };
    const form = new Params(parseForm(text));
    try {
      const challenge = new RegExp(`^${THREE_D_SECURE_PATH}/([^/]+)$`).exec(url.pathname);
      if (method === 'GET' && challenge) {
        // The page Stripe.js would open: the shopper completes or fails the challenge.
        const action = `${url.pathname}/authenticate`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><title>3-D Secure test</title><h1>3-D Secure test challenge</h1>` +
            `<form method="post" action="${action}"><input type="hidden" name="outcome" value="succeeded"><button id="complete">Complete authentication</button></form>` +
            `<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button id="fail">Fail authentication</button></form>`,
        );
        return;
      }
      const authenticate = new RegExp(`^${THREE_D_SECURE_PATH}/([^/]+)/authenticate$`).exec(url.pathname);
      if (method === 'POST' && authenticate) return send(200, this.authenticate(authenticate[1], form.oneOf('outcome', ['succeeded', 'failed'] as const) ?? 'succeeded'));
      const dispute = /^\/__test\/charges\/([^/]+)\/dispute$/.exec(url.pathname);
      if (method === 'POST' && dispute) return send(200, this.dispute(dispute[1], form.string('reason')));
      send(404, { error: { type: 'invalid_request_error', message: `No test control ${method} ${url.pathname}` } });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      send(error.status, { error: error.body });
    }
  }
}

/**
 * Stripe's refusals before an operation runs: a parameter Stripe does not
 * know (from the operation's schema), one this server does not implement,
 * a field that cannot be expanded. Returns the fields to expand.
 */
function checkParameters(name: string, route: Route, operation: NonNullable<ReturnType<typeof stripeOperation>>, raw: RawParams): string[] {
  const unknown = operation.method === 'GET' ? Object.keys(raw).find((k) => !queryParameters(operation).includes(k)) : unknownParameter(raw, requestSchema(operation));
  if (unknown) throw invalidRequest(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  const unimplemented = Object.keys(raw).find((k) => !route.params.includes(k));
  if (unimplemented) throw invalidRequest(`The Stripe test server does not implement the parameter ${unimplemented} of ${name}.`, { param: unimplemented });
  const expand = new Params(raw).strings('expand') ?? [];
  return expand.map((field) => {
    const own = route.list ? field.replace(/^data\./, '') : field;
    if ((route.list && !field.startsWith('data.')) || !route.expandable?.includes(own)) {
      throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' });
    }
    return own;
  });
}

/** Parameters written in a canonical order, to compare two requests' parameters. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as RawParams)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
