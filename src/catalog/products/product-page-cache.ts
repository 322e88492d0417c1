import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '../../common/auth/caller';
import { ByteLru } from '../../common/collections/byte-lru';
import { SerializedBody } from '../../common/http/catalog-cache';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { KnownPage } from './product-graph';
import type { ProductJson } from './product.serializer';

/** A built product page: its product, the version it shows and its JSON. */
export interface CachedPage extends KnownPage {
  body: SerializedBody;
}

/** What a kept page costs besides its JSON (UTF-16: two bytes a character): the key, the ETag, the entry. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The versioned response cache of the product page (`GET /api/products/:id`),
 * as Spree 2.2 cached its product views by the product's `updated_at`: each
 * page is built once per version of its product (`products.cache_version`,
 * moved by the schema's triggers with every change that shows in it: the
 * ProductCacheVersion migration) and kept, serialized with its ETag, in an
 * LRU of at most RESPONSE_CACHE_MB per process.
 *
 * Every read asks the database for the product's current version in the
 * statement that would build the page (`PRODUCT_PAGE`, given the kept page's
 * product and version): a lookup of the product's row when the kept page is
 * current, the whole graph otherwise. So no instance answers a page older
 * than the snapshot its read sees, whichever instance made the change: a
 * change acknowledged to anyone shows on the very next read from the primary.
 * A read served by a lagging replica sees that replica's version and gets the
 * page of that version (the same as without the cache: anonymous catalog
 * reads may lag up to DATABASE_REPLICA_MAX_LAG_MS); it never replaces a kept
 * page of a later version.
 *
 * Only the public shape is kept: the product as any caller who is not an
 * admin sees it (admins see deleted and unavailable products, and their
 * answers are never cached). Keyed by what the request names (slug or id).
 */
@Injectable()
export class ProductPageCache {
  private readonly pages: ByteLru<string, CachedPage> | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pages = config.responseCacheBytes > 0 ? new ByteLru(config.responseCacheBytes) : null;
  }

  /** Whether the caller's product page is the public one this cache keeps (never an admin's; nothing with RESPONSE_CACHE_MB=0). */
  appliesTo(caller: Caller): boolean {
    return this.pages !== null && !caller.admin;
  }

  /** The page kept for this slug or id, to be checked against the product's current version. */
  known(slugOrId: string): CachedPage | undefined {
    return this.pages?.get(slugOrId);
  }

  /** Keeps the page just built of `version` (unless a later version of the same product is kept) and gives its body. */
  keep(slugOrId: string, id: number, version: string, json: ProductJson): SerializedBody {
    const body = new SerializedBody(JSON.stringify(json));
    const kept = this.pages?.get(slugOrId);
    if (this.pages && !(kept && kept.id === id && BigInt(kept.version) > BigInt(version))) {
      this.pages.set(slugOrId, { id, version, body }, 2 * (body.json.length + slugOrId.length) + ENTRY_OVERHEAD_BYTES);
    }
    return body;
  }
}
