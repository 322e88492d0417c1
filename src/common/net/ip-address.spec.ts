import { clientNetwork, ipv4Number, ipv4Text, ipv6Groups } from './ip-address';

describe('ipv6Groups', () => {
  it('expands :: and reads a trailing IPv4 part', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(ipv6Groups('::ffff:0:127.0.0.1')).toEqual([0, 0, 0, 0, 0xffff, 0, 0x7f00, 1]);
    expect(ipv6Groups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('is undefined for anything else', () => {
    expect(ipv6Groups('127.0.0.1')).toBeUndefined();
    expect(ipv6Groups('example.com')).toBeUndefined();
    expect(ipv6Groups('1::2::3')).toBeUndefined();
  });
});

describe('ipv4Number and ipv4Text', () => {
  it('round-trip', () => {
    expect(ipv4Number('192.0.2.1')).toBe(0xc0000201);
    expect(ipv4Text(0xc0000201)).toBe('192.0.2.1');
    expect(ipv4Number('::1')).toBeUndefined();
  });
});

describe('clientNetwork', () => {
  it('is an IPv4 address itself, mapped or not', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one client', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:ffff:abcd:1234:5')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });
});
