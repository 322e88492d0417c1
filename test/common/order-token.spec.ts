import { timingSafeEqual } from 'node:crypto';
import { mayAccessOrder, sameToken } from '../../src/common/auth/order-access.guard';
import { secretDigest } from '../../src/config/secret-box';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

// Order tokens are compared in constant time (OWASP API2): digests of equal length through timingSafeEqual.
// The order keeps only the token's digest (orders.token_digest), which is what a sent token is checked against.
describe('order token comparison', () => {
  const token = 'a3f1c2d4e5b6a7980112233445566778';
  const digest = secretDigest(token);

  it('tells the right token from wrong ones', () => {
    expect(sameToken(token, digest)).toBe(true);
    expect(sameToken(`${token.slice(0, -1)}9`, digest)).toBe(false);
    expect(sameToken(token.slice(0, -1), digest)).toBe(false);
    expect(sameToken(`${token}0`, digest)).toBe(false);
    expect(sameToken('', digest)).toBe(false);
    expect(sameToken('é'.repeat(16), digest)).toBe(false);
    expect(sameToken(token.toUpperCase(), digest)).toBe(false);
    // The digest itself is not the token: a dump of token_digest opens nothing.
    expect(sameToken(digest, digest)).toBe(false);
  });

  it('compares through timingSafeEqual on 32-byte buffers, whatever the lengths sent', () => {
    const spy = timingSafeEqual as jest.MockedFunction<typeof timingSafeEqual>;
    for (const sent of [token, 'short', 'x'.repeat(1000), '']) {
      spy.mockClear();
      sameToken(sent, digest);
      expect(spy).toHaveBeenCalledTimes(1);
      const [a, b] = spy.mock.calls[0] as unknown as [Buffer, Buffer];
      expect([a.length, b.length]).toEqual([32, 32]);
    }
  });

  it("grants an order to an admin, its user, or its token's holder only", () => {
    const order = { userId: 7, tokenDigest: digest };
    expect(mayAccessOrder({ userId: null, email: null, admin: true }, order, undefined)).toBe(true);
    expect(mayAccessOrder({ userId: 7, email: 'a@b.c', admin: false }, order, undefined)).toBe(true);
    expect(mayAccessOrder({ userId: null, email: null, admin: false }, order, token)).toBe(true);
    expect(mayAccessOrder({ userId: 8, email: 'm@b.c', admin: false }, order, undefined)).toBe(false);
    expect(mayAccessOrder({ userId: 8, email: 'm@b.c', admin: false }, order, 'wrong')).toBe(false);
    expect(mayAccessOrder({ userId: null, email: null, admin: false }, { userId: null, tokenDigest: digest }, undefined)).toBe(false);
  });
});
