import express from 'express';
import type { AddressInfo } from 'node:net';
import { accessLog, loggableUrl, MAX_LOGGED_URL, redactUrl } from '../../src/common/http/access-log';

// The access log writes the request URL: no key, token, password or card detail may survive in it.
describe('redactUrl', () => {
  it.each([
    ['/api/products?token=abc123&page=2', '/api/products?token=[REDACTED]&page=2'],
    ['/api/orders/R1?order_token=secret', '/api/orders/R1?order_token=[REDACTED]'],
    ['/api/users?user[password]=hunter22', '/api/users?user[password]=[REDACTED]'],
    [
      '/api/checkouts/R1?payment_source[1][number]=4111111111111111&payment_source[1][verification_value]=123&payment_source[1][name]=Jo',
      '/api/checkouts/R1?payment_source[1][number]=[REDACTED]&payment_source[1][verification_value]=[REDACTED]&payment_source[1][name]=Jo',
    ],
    ['/api/checkouts/R1?payment_source%5B1%5D%5Bnumber%5D=4111111111111111', '/api/checkouts/R1?payment_source%5B1%5D%5Bnumber%5D=[REDACTED]'],
    ['/api/orders?q[number_eq]=R123&q[s]=number%20desc', '/api/orders?q[number_eq]=R123&q[s]=number%20desc'],
    // Every shape the query parser reads as the secret's name: lists, hashes, percent-encoded brackets or letters, any case.
    ['/api/orders?token[]=k1&token[0]=k2&token[a]=k3&page=1', '/api/orders?token[]=[REDACTED]&token[0]=[REDACTED]&token[a]=[REDACTED]&page=1'],
    ['/api/orders?token%5B%5D=k&order_token%5b0%5d=t&api_key%5Bx%5D=k', '/api/orders?token%5B%5D=[REDACTED]&order_token%5b0%5d=[REDACTED]&api_key%5Bx%5D=[REDACTED]'],
    ['/api/orders/R1?order_token[]=t&%6Frder_token=t&TOKEN=k&Api_Key=k', '/api/orders/R1?order_token[]=[REDACTED]&%6Frder_token=[REDACTED]&TOKEN=[REDACTED]&Api_Key=[REDACTED]'],
    ['/api/orders?token.a=k&x[token][]=k&a[b=c][token]=k&token[=k', '/api/orders?token.a=[REDACTED]&x[token][]=[REDACTED]&a[b=c][token]=[REDACTED]&token[=[REDACTED]'],
    ['/api/orders?%E0%A4%A=x&token%ZZ=k', '/api/orders?%E0%A4%A=x&token%ZZ=[REDACTED]'],
    ['/api/orders?q[name_cont]=token&token_x=1&tokens=2', '/api/orders?q[name_cont]=token&token_x=1&tokens=2'],
    ['/api/orders?token&token=&page', '/api/orders?token&token=&page'],
    // A one-time token in the path (password reset, e-mail confirmation), with a suffix, another case, a query after it.
    ['/api/passwords/Zk3-x_9QpL0aB', '/api/passwords/[REDACTED]'],
    ['/api/passwords/Zk3-x_9QpL0aB.json?user[password]=p4ss', '/api/passwords/[REDACTED]?user[password]=[REDACTED]'],
    ['/API/Confirmations/Zk3%2Dx_9QpL0aB', '/API/Confirmations/[REDACTED]'],
    ['/api/passwords', '/api/passwords'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

// Each answer is one line at `info`, or at `error` for a 5xx; below the level nothing is written.
describe('accessLog', () => {
  async function serve(level: string, paths: Record<string, number>): Promise<string[]> {
    const lines: string[] = [];
    const app = express();
    app.use(accessLog(level, { write: (line: string) => void lines.push(line) }));
    app.get('/:name', (req, res) => void res.status(paths[String(req.params.name)] ?? 404).json({}));
    const server = app.listen(0);
    const port = (server.address() as AddressInfo).port;
    try {
      for (const name of Object.keys(paths)) await fetch(`http://127.0.0.1:${port}/${name}?token=abc`);
    } finally {
      server.close();
    }
    return lines;
  }

  it('logs every answer at info, with the method, the redacted URL, the status and the time', async () => {
    const lines = (await serve('info', { ok: 200, missing: 404, broken: 500 })).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/ok?token=[REDACTED]' }, res: { statusCode: 200 }, msg: 'request completed' });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(lines[1]).toMatchObject({ level: 30, res: { statusCode: 404 } });
    expect(lines[2]).toMatchObject({ level: 50, res: { statusCode: 500 }, msg: 'request errored' });
    expect(new Set(lines.map((l) => l.req.id)).size).toBe(3);
  });

  it('at warn, writes the 5xx only', async () => {
    const lines = (await serve('warn', { ok: 200, missing: 404, broken: 500 })).map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ level: 50, res: { statusCode: 500 } })]);
  });
});

// A search URL can be many kilobytes: a line keeps its start (secrets redacted first), and says how much was cut.
describe('loggableUrl', () => {
  it('keeps a short URL whole', () => {
    expect(loggableUrl('/api/products?token=abc&page=2')).toBe('/api/products?token=[REDACTED]&page=2');
  });

  it(`cuts a long one at ${MAX_LOGGED_URL} characters, after redacting`, () => {
    const url = `/api/countries?token=abc&q[id_in]=${'1,'.repeat(7_000)}`;
    const logged = loggableUrl(url);
    expect(logged.startsWith('/api/countries?token=[REDACTED]&q[id_in]=1,1,')).toBe(true);
    expect(logged).toMatch(new RegExp(`…\\(${redactUrl(url).length - MAX_LOGGED_URL} more\\)$`));
    expect(logged.length).toBeLessThan(MAX_LOGGED_URL + 20);
  });
});
