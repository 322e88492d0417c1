/**
 * A least-recently-used map bounded by the bytes of what it holds (each
 * entry's size given by the caller), not by a count: the product page cache
 * (RESPONSE_CACHE_MB) holds answers from a few hundred bytes to hundreds of
 * kilobytes. A Map keeps insertion order, so the least recently used entry is
 * the first one; `get` moves an entry to the end. An entry larger than the
 * whole budget is not kept; a budget of 0 keeps nothing.
 */
export class ByteLru<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  /** The bytes held now (at most `maxBytes`). */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }
}
