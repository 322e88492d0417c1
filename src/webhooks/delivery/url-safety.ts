import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ipv4Text, ipv6Groups } from '../../common/net/ip-address';

/**
 * IPv4 addresses a webhook must not reach unless WEBHOOKS_ALLOW_PRIVATE_URLS:
 * every block of IANA's IPv4 special-purpose registry (those it marks
 * globally reachable too: anycast relays and AS112 are no shop's ERP), plus
 * multicast and the reserved 240/4.
 */
const BLOCKED_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}

/**
 * IPv6 blocks refused inside global unicast (2000::/3; everything outside it
 * is refused but for the IPv4-embedding forms read below): IANA's IPv6
 * special-purpose registry.
 */
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID, AMT, AS112…
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}

const isPublicV4 = (address: string) => !BLOCKED_V4.check(address, 'ipv4');
const v4At = (high: number, low: number) => ipv4Text(((high << 16) | low) >>> 0);

/**
 * Whether a webhook may connect to this IP address. IPv6 forms that carry an
 * IPv4 address are judged by it: IPv4-mapped `::ffff:a.b.c.d`, NAT64's
 * well-known prefix `64:ff9b::/96` and 6to4 `2002:aabb:ccdd::/48`. The
 * deprecated forms are refused whatever they carry: IPv4-compatible `::/96`
 * (`::127.0.0.1`), SIIT's IPv4-translated `::ffff:0:0:0/96`, site-local
 * `fec0::/10`, like everything outside global unicast 2000::/3 (loopback,
 * unspecified, unique-local, link-local, multicast, NAT64's local-use
 * `64:ff9b:1::/48`, discard-only `100::/64`, reserved).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(address);
  const g = ipv6Groups(address);
  if (!g) return false;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // IPv4-mapped: a socket to it is a socket to the IPv4 address.
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicV4(v4At(g[6], g[7]));
  // NAT64 (RFC 6052 well-known prefix): the gateway connects to the IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicV4(v4At(g[6], g[7]));
  // 6to4: the relay connects to the IPv4 address in bits 16 to 47.
  if (g[0] === 0x2002) return isPublicV4(v4At(g[1], g[2]));
  if ((g[0] & 0xe000) !== 0x2000) return false;
  return !BLOCKED_V6.check(address.replace(/%.*$/, ''), 'ipv6');
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

/** How long a check at creation waits for DNS: past it, the delivery's own check (at every connection) decides. */
const CREATION_LOOKUP_MS = 2_000;

/**
 * Why a URL's host is refused by where it resolves now, or null: every
 * address it has must be public (`addressesProblem`). A name that does not
 * resolve (yet), or not within CREATION_LOOKUP_MS, is not refused here:
 * delivery resolves and checks it again at every new connection.
 */
export async function resolvedHostProblem(value: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    dnsLookupAll(host).catch(() => [] as string[]),
    new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), CREATION_LOOKUP_MS))),
  ]);
  clearTimeout(timer);
  return addressesProblem(addresses);
}

const dnsLookupAll = (host: string) =>
  new Promise<string[]>((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))));

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
