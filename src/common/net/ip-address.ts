import { isIP } from 'node:net';

/**
 * An IPv6 address as its eight 16-bit groups (`::` expanded, a trailing
 * dotted IPv4 part read as two groups, a zone `%eth0` dropped), or undefined
 * when it is not an IPv6 address.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let text = bare.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address in 32 bits (`a.b.c.d`), or undefined. */
export function ipv4Number(address: string): number | undefined {
  if (isIP(address) !== 4) return undefined;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** 32 bits as `a.b.c.d`. */
export function ipv4Text(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/**
 * Who an address is, as one client: an IPv4 address itself (an IPv4-mapped
 * IPv6 one as its IPv4 address), an IPv6 address by its /64 (the smallest
 * network handed to one subscriber: one host can take any address in it).
 */
export function clientNetwork(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return ipv4Text(((groups[6] << 16) | groups[7]) >>> 0);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
