import { loadConfig } from '../../config/configuration';
import { durationText, linkContext } from './mail-links';
import { mailAddress } from './mail-context';

describe('durationText', () => {
  it('says how long a link works in the largest whole unit', () => {
    expect(durationText(3600)).toBe('1 hour');
    expect(durationText(7200)).toBe('2 hours');
    expect(durationText(3 * 86_400)).toBe('3 days');
    expect(durationText(1800)).toBe('30 minutes');
    expect(durationText(90)).toBe('1 minute');
    expect(durationText(45)).toBe('45 seconds');
  });
});

describe('linkContext', () => {
  const config = loadConfig({ STOREFRONT_URL: 'https://shop.example/', PASSWORD_RESET_TTL: '30m' });

  it("points a reset to the storefront's reset page, a confirmation to its confirm page, with the token encoded", () => {
    expect(linkContext('password_reset', 'ab-c_d', config)).toEqual({ url: 'https://shop.example/password/reset?token=ab-c_d', token: 'ab-c_d', expires_in: '30 minutes' });
    expect(linkContext('email_confirmation', 'a/b', config)).toEqual({ url: 'https://shop.example/email/confirm?token=a%2Fb', token: 'a/b', expires_in: '3 days' });
    expect(linkContext('email_verification', 'x', config).url).toBe('https://shop.example/email/confirm?token=x');
  });

  it('gives nothing to a mail without a link', () => {
    expect(linkContext('order_confirmation', 'x', config)).toEqual({});
    expect(linkContext('password_reset', null, config)).toEqual({});
  });
});

describe('mailAddress', () => {
  it('prints the lines of a label, leaving out what is blank', () => {
    const address = { id: 1, firstname: 'Jane', lastname: 'Doe', company: null, address1: '10 Lovely Street', address2: '', city: 'Herndon', zipcode: '20170', phone: '555', state_text: 'VA', country_name: 'United States' };
    expect(mailAddress(address).lines).toEqual(['Jane Doe', '10 Lovely Street', 'Herndon, VA 20170', 'United States']);
    expect(mailAddress({ ...address, state_text: null, zipcode: null, company: 'Acme' }).lines).toEqual(['Jane Doe', 'Acme', '10 Lovely Street', 'Herndon', 'United States']);
  });
});
