import { Inject, Injectable } from '@nestjs/common';
import { ANONYMOUS, Caller } from '../../common/auth/caller';
import { mayReadFromReplica, onPrimary, readsMayLag } from '../../common/db/read-routing';
import { ByteLru } from '../../common/collections/byte-lru';
import { SerializedBody } from '../../common/http/catalog-cache';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { KnownPage } from './product-graph';
import type { ProductJson } from './product.serializer';
import { ProductsService } from './products.service';

/** A built product page: its product, the version it shows and its JSON. */
export interface CachedPage extends KnownPage {
  body: SerializedBody;
}

interface VersionCheckBatch {
  /** The slugs or ids asked, each once, with its position in the statement's parameters. */
  refs: Map<string, number>;
  /** `undefined`: the check itself failed (its connection lost, the database unreachable). */
  waiters: Array<{ index: number; known: KnownPage; resolve: (current: boolean | undefined) => void }>;
}

/** A page is kept per currency (its prices) and per slug or id asked: the currency code has three letters, so the key is unambiguous. */
const pageKey = (currency: string, slugOrId: string) => `${currency}${slugOrId}`;

/** What a kept page costs besides its JSON's UTF-8 bytes and its key (UTF-16: two bytes a character): the ETag, the entry. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The versioned response cache of the product page (`GET /api/products/:id`),
 * as Spree 2.2 cached its product views by the product's `updated_at`: each
 * page is built once per version of its product (`products.cache_version`,
 * moved by the schema's triggers with every change that shows in it: the
 * ProductCacheVersion migration) and kept, serialized with its ETag, in an
 * LRU of at most RESPONSE_CACHE_MB per process.
 *
 * Every read of a kept page asks the database for the product's current
 * version (`isCurrent`: one statement for all the requests of a turn of the
 * event loop, `PRODUCT_VERSIONS`); a page not kept, or no longer current, is
 * built by the statement that would build it anyway (`PRODUCT_PAGE`, given
 * the kept page's product and version, which reads the graph only when they
 * are not the product's). So no instance answers a page older than the
 * snapshot its read sees, whichever instance made the change: a change
 * acknowledged to anyone shows on the very next read from the primary.
 * A read served by a lagging replica sees that replica's version and gets the
 * page of that version (the same as without the cache: anonymous catalog
 * reads may lag up to DATABASE_REPLICA_MAX_LAG_MS); it never replaces a kept
 * page of a later version.
 *
 * Only the public shape is kept: the product as any caller who is not an
 * admin sees it (admins see deleted and unavailable products, and their
 * answers are never cached). Keyed by what the request names: its currency
 * (prices differ) and the slug or id.
 */
@Injectable()
export class ProductPageCache {
  private readonly pages: ByteLru<string, CachedPage> | null;
  /** Checks waiting for the end of this turn of the event loop, by where they may read (a replica or the primary). */
  private readonly batches = new Map<boolean, VersionCheckBatch>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly products: ProductsService,
  ) {
    this.pages = config.responseCacheBytes > 0 ? new ByteLru(config.responseCacheBytes) : null;
  }

  /** Whether the caller's product page is the public one this cache keeps (never an admin's; nothing with RESPONSE_CACHE_MB=0). */
  appliesTo(caller: Caller): boolean {
    return this.pages !== null && !caller.admin;
  }

  /** The page kept for this slug or id in this currency, to be checked against the product's current version. */
  known(currency: string, slugOrId: string): CachedPage | undefined {
    return this.pages?.get(pageKey(currency, slugOrId));
  }

  /**
   * Whether `known` is still the page of what `slugOrId` finds: its product
   * at its version. The checks that requests ask for during one turn of the
   * event loop go to PostgreSQL together, in one statement sent after all of
   * them arrived (so its snapshot is later than any write acknowledged before
   * any of them), on a replica when the requests may read from one, else on
   * the primary. A check that fails (a replica lost) answers false: the page
   * is then read on its own, with its request's routing and retry.
   */
  isCurrent(slugOrId: string, known: KnownPage): Promise<boolean | undefined> {
    const mayLag = mayReadFromReplica();
    let batch = this.batches.get(mayLag);
    if (!batch) {
      const created: VersionCheckBatch = { refs: new Map(), waiters: [] };
      this.batches.set(mayLag, created);
      setImmediate(() => {
        this.batches.delete(mayLag);
        void this.check(mayLag, created);
      });
      batch = created;
    }
    const index = batch.refs.get(slugOrId) ?? batch.refs.set(slugOrId, batch.refs.size).size - 1;
    return new Promise((resolve) => batch.waiters.push({ index, known, resolve }));
  }

  private async check(mayLag: boolean, batch: VersionCheckBatch): Promise<void> {
    try {
      const read = () => this.products.versions([...batch.refs.keys()], ANONYMOUS);
      const current = await (mayLag ? readsMayLag(read) : onPrimary(read));
      for (const { index, known, resolve } of batch.waiters) resolve(current[index]?.id === known.id && current[index]?.version === known.version);
    } catch {
      // Not current as far as anyone can tell; `undefined` lets a caller tell a failed check apart.
      for (const { resolve } of batch.waiters) resolve(undefined);
    }
  }

  /** Keeps the page just built of `version` in `currency` (unless a later version of the same product is kept) and gives its body. */
  keep(currency: string, slugOrId: string, id: number, version: string, json: ProductJson): SerializedBody {
    const body = new SerializedBody(JSON.stringify(json));
    const key = pageKey(currency, slugOrId);
    const kept = this.pages?.get(key);
    if (this.pages && !(kept && kept.id === id && BigInt(kept.version) > BigInt(version))) {
      this.pages.set(key, { id, version, body }, body.bytes.length + 2 * key.length + ENTRY_OVERHEAD_BYTES);
    }
    return body;
  }
}
