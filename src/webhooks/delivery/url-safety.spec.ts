import { isPublicAddress, publicOnlyLookup, urlProblem } from './url-safety';

describe('webhook URL safety', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));

  // Issue 24, finding 8: each of these was accepted before.
  it.each([
    // IANA IPv4 special-purpose blocks: documentation, 6to4 relay anycast, AS112, AMT, benchmarking, broadcast.
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.255', 'documentation TEST-NET-3'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.31.196.1', 'AS112-v4'],
    ['192.52.193.1', 'AMT'],
    ['192.175.48.1', 'AS112 direct delegation'],
    ['198.19.255.255', 'benchmarking'],
    ['255.255.255.255', 'limited broadcast'],
    // IPv6 forms embedding an IPv4 address, and the deprecated ones.
    ['::127.0.0.1', 'IPv4-compatible ::/96'],
    ['::8.8.8.8', 'IPv4-compatible ::/96, even of a public address'],
    ['::ffff:0:127.0.0.1', 'SIIT IPv4-translated'],
    ['::ffff:0:8.8.8.8', 'SIIT IPv4-translated, even of a public address'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2002:c000:201::', '6to4 of a documentation address'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
    ['64:ff9b:1::8.8.8.8', 'NAT64 local-use prefix'],
    ['fec0::1', 'site-local'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['100::1', 'discard-only'],
    ['::2', 'reserved (outside global unicast)'],
    ['4000::1', 'reserved (outside global unicast)'],
    ['ff02::1', 'multicast'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['::ffff:192.0.2.1', 'IPv4-mapped documentation address'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['2002:808:808::1', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888'])(
    'accepts %s: global unicast, or an embedding of a public IPv4 address',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it('refuses what is not an IP address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it('wants https unless private URLs are allowed', () => {
    expect(urlProblem('http://example.com/hook', false)).toBe('must be an https URL');
    expect(urlProblem('https://example.com/hook', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1:3000/hook', true)).toBeNull();
  });

  it('refuses private hosts written in the URL', () => {
    expect(urlProblem('https://127.0.0.1/hook', false)).toMatch(/private/);
    expect(urlProblem('https://[::1]/hook', false)).toMatch(/private/);
    expect(urlProblem('https://localhost/hook', false)).toMatch(/private/);
    for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[2002:7f00:1::]', '[fec0::1]', '192.0.2.1', '198.51.100.1', '203.0.113.1', '192.88.99.1', '[64:ff9b::7f00:1]'])
      expect({ host, problem: urlProblem(`https://${host}/hook`, false) }).toEqual({ host, problem: expect.stringMatching(/private/) });
  });

  it('refuses what is not a URL, other schemes and credentials', () => {
    expect(urlProblem('not a url', false)).toBe('is not a valid URL');
    expect(urlProblem('ftp://example.com/', false)).toBe('must be an https URL');
    expect(urlProblem('https://user:pw@example.com/', false)).toBe('must not carry credentials');
  });
});

describe('publicOnlyLookup', () => {
  it('refuses a host whose addresses are not public, at connection time', (done) => {
    publicOnlyLookup('localhost', {}, (error) => {
      expect(error?.code).toBe('EWEBHOOKADDRESS');
      expect(error?.message).toMatch(/non-public address/);
      done();
    });
  });

  it('passes a literal public address through', (done) => {
    publicOnlyLookup('8.8.8.8', {}, (error, address) => {
      expect(error).toBeNull();
      expect(address).toBe('8.8.8.8');
      done();
    });
  });
});
