/**
 * One permalink segment from a name, as Spree's `name.to_url` makes it:
 * lower case ASCII words joined by dashes ("T-Shirts & Tops" → "t-shirts-and-tops").
 * Empty when the name has no letter or digit at all.
 */
export function permalinkSegment(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/@/g, ' at ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The permalink of a taxon under `parentPermalink` (null for a root). */
export function childPermalink(parentPermalink: string | null, segment: string): string {
  return parentPermalink === null ? segment : `${parentPermalink}/${segment}`;
}

/** The last segment of a permalink. */
export function lastSegment(permalink: string): string {
  const i = permalink.lastIndexOf('/');
  return i === -1 ? permalink : permalink.slice(i + 1);
}
