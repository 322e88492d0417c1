import { isPublicAddress, publicOnlyLookup, urlProblem } from './url-safety';

describe('webhook URL safety', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it('wants https unless private URLs are allowed', () => {
    expect(urlProblem('http://example.com/hook', false)).toBe('must be an https URL');
    expect(urlProblem('https://example.com/hook', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1:3000/hook', true)).toBeNull();
  });

  it('refuses private hosts written in the URL', () => {
    expect(urlProblem('https://127.0.0.1/hook', false)).toMatch(/private/);
    expect(urlProblem('https://[::1]/hook', false)).toMatch(/private/);
    expect(urlProblem('https://localhost/hook', false)).toMatch(/private/);
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
