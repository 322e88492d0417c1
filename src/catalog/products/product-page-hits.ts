import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { readsMayLag } from '../../common/db/read-routing';
import { dependsOnCaller, publicCacheControl, readOnPrimary, sendSerialized } from '../../common/http/catalog-cache';
import { supportedCurrencyOf } from '../../common/http/request-currency';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ProductPageCache } from './product-page-cache';

/** `/api/products/:id` (after `stripJsonSuffix`), as Express matches the route: any case, an optional trailing slash. */
const PRODUCT_PAGE_PATH = /^\/api\/products\/([^/]+)\/?$/i;

/**
 * The hits of the product page cache, answered before Nest's pipeline (as the
 * uploaded images are: configure-app.ts): an anonymous `GET
 * /api/products/:id` whose page is kept and still current (the same batched
 * version check as the controller's, `ProductPageCache.isCurrent`, with the
 * same routing: it may read from a replica) gets the kept bytes with the
 * headers `CatalogCacheInterceptor` gives them (`sendSerialized`), after the
 * security and CORS headers every answer has. Anything else — a key or an
 * order token, a currency the store does not sell in, a page not kept or no longer current, a failed check, a store
 * that requires a key (`API_REQUIRES_AUTHENTICATION`), `HEAD` — goes on to
 * the controller, which answers as it always did. On a hit, that pipeline
 * (guards, interceptor, parameter binding, exception filter, Observable
 * plumbing) was most of what a kept page cost beyond `/health/live`
 * (docs/performance.md, "The product page cache").
 */
@Injectable()
export class ProductPageHits implements NestMiddleware {
  private readonly cacheControl: string;
  private readonly enabled: boolean;
  private readonly currencies: readonly string[];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly pages: ProductPageCache,
  ) {
    this.cacheControl = publicCacheControl(config.catalogCacheSeconds);
    this.enabled = !config.apiRequiresAuthentication;
    this.currencies = config.supportedCurrencies;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (!this.enabled || req.method !== 'GET') return next();
    // Mounted by Nest on the route's path or under it: the whole path is baseUrl + path either way.
    const match = PRODUCT_PAGE_PATH.exec(req.baseUrl + req.path);
    if (!match) return next();
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return next();
    }
    if (id.toLowerCase() === 'new' || dependsOnCaller(req)) return next();
    // A currency the store does not sell in: the controller answers its 422.
    const currency = supportedCurrencyOf(req, this.currencies);
    if (currency === undefined) return next();
    const known = this.pages.known(currency, id);
    if (!known) return next();
    readsMayLag(() => this.pages.isCurrent(id, known)).then(
      (current) => {
        if (current) return sendSerialized(res, this.cacheControl, known.body);
        // The check failed (a replica lost midway, the database unreachable): the controller
        // answers, reading from the primary, so a replica that just failed is not asked again.
        if (current === undefined) readOnPrimary(req);
        next();
      },
      () => next(),
    );
  }
}
