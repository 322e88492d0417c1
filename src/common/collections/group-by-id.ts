/**
 * Groups rows loaded for a whole page by their owner's id, with an empty list
 * for every owner that has none: the building block of our one-query-per-
 * association loaders (no N+1 on list endpoints).
 */
export function groupById<T>(ids: number[], rows: T[], ownerId: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(ownerId(row))?.push(row);
  return map;
}
