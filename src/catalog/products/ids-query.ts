/**
 * Spree's `?ids=1,2,3` (also `ids[]=1&ids[]=2`) filter on catalog indexes.
 * Undefined when absent; entries that are not ids are dropped (they name no record).
 */
export function readIdsQuery(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = Array.isArray(value) ? value : [value];
  const ids = parts
    .flatMap((p) => (typeof p === 'string' || typeof p === 'number' ? String(p).split(',') : []))
    .map((s) => s.trim())
    .filter((s) => /^\d{1,10}$/.test(s))
    .map(Number)
    .filter((n) => n >= 1 && n <= 2147483647);
  return [...new Set(ids)];
}

/** Rails-style truthiness of a flag parameter such as `show_deleted`. */
export function flagQuery(value: unknown): boolean {
  return typeof value === 'string' ? ['1', 'true', 't', 'yes', 'on'].includes(value.trim().toLowerCase()) : value === true;
}
