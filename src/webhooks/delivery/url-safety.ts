import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless WEBHOOKS_ALLOW_PRIVATE_URLS:
 * loopback, private, link-local (cloud metadata services), carrier-grade NAT,
 * unspecified, multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped
 * IPv6 addresses are checked as the IPv4 address they are).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** Whether a webhook may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an endpoint URL is refused as written (scheme, host), or null; where it resolves is checked at delivery. */
export function urlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'must be an https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host)) return 'must not point to a loopback, private or link-local address';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point to a loopback, private or link-local address';
  }
  return null;
}

/** Why a host's addresses are refused (every one must be public), or null. */
export function addressesProblem(addresses: string[]): string | null {
  const refused = addresses.find((a) => !isPublicAddress(a));
  return refused ? `resolves to a non-public address (${refused})` : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: it resolves the host and refuses it when any
 * of its addresses is not public, and the socket then connects to the very
 * address checked, so a DNS answer that changes between a check and the
 * connection (rebinding) cannot slip a private address through.
 */
export function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const problem = addressesProblem(list.map((a) => a.address));
    if (problem) return callback(Object.assign(new Error(`${hostname} ${problem}`), { code: 'EWEBHOOKADDRESS' }), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
