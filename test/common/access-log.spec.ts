import { redactUrl } from '../../src/common/http/access-log';

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
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
