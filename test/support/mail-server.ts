import { AddressInfo } from 'node:net';
import { simpleParser, ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server took: parsed, with the envelope's recipients. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), started by the
 * tests: the shop sends to it through SMTP_URL as to any server. It can be
 * stopped (connections refused: a server that is down) and started again on
 * the same port.
 */
export class TestMailServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private constructor(public port: number) {}

  static async start(): Promise<TestMailServer> {
    const mail = new TestMailServer(0);
    await mail.listen();
    return mail;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening again (after `stop`) on the same port. */
  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping cuts the shop's pooled connections at once, as a server that goes away does.
      closeTimeout: 50,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting mail: new connections are refused, open ones cut. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The mails to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()));
  }

  /** Waits until `count` mails to `address` have come (the last of them answered). */
  async waitFor(address: string, count = 1, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`${count} mail(s) to ${address} not received in ${timeoutMs} ms (got ${this.to(address).length}; all: ${this.received.map((m) => `${m.to} "${m.subject}"`).join(', ')})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.to(address);
  }
}

/** The token of the link a mail carries (`…?token=…`). */
export function linkToken(mail: { text: string }): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link with a token in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/** Settings of a test app that mails through `server` and retries quickly. */
export function mailTestEnv(server: TestMailServer): Record<string, string> {
  return { SMTP_URL: server.url, MAIL_FROM: '"Test Shop" <shop@shop.test>', STORE_NAME: 'Test Shop', STOREFRONT_URL: 'https://shop.test', WEBHOOKS_RETRY_BASE_MS: '300', WEBHOOKS_POLL_MS: '200' };
}
