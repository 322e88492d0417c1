import { applyDecorators, Injectable, OnApplicationBootstrap, Put, SetMetadata } from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import { ExpressRoute, routeLayers, routesMarked } from './route-table';

/** Marks a PUT route that PATCH reaches too; also the OpenAPI extension `documentPatchRoutes` reads (common/openapi). */
export const ALSO_PATCH = 'x-also-patch';

/**
 * A resource's update, routed as Rails 4 routes `resources`: `PUT` and
 * `PATCH` on the same path, one handler (guards, interceptors and answers
 * alike). Custom member actions (`put :cancel`) stay PUT only, as in Spree's
 * routes.rb: use `@Put` for them. Nest gives a handler one method, so the
 * PATCH route is added beside the PUT one when the app starts (`PatchRoutes`).
 */
export function Update(path?: string | string[]) {
  return applyDecorators(Put(path), SetMetadata(ALSO_PATCH, true), ApiExtension(ALSO_PATCH, true));
}

/**
 * Once Nest has routed every handler, gives each `@Update` route's PUT path a
 * PATCH with the same handlers. A marked route that cannot be found stops
 * the start: a PATCH silently missing would be a 404 nobody notices.
 */
@Injectable()
export class PatchRoutes implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    const layers = routeLayers(this.adapterHost);
    if (!layers) return; // not an HTTP app (the command line's application context)
    const puts = new Map<string, ExpressRoute>();
    for (const layer of layers) if (layer.route?.methods.put) puts.set(layer.route.path, layer.route);
    for (const { path } of routesMarked(this.discovery, this.scanner, ALSO_PATCH)) {
      const route = puts.get(path);
      if (!route) throw new Error(`@Update route PUT ${path} was not found among the app's routes`);
      if (route.methods.patch) continue;
      route.patch(...route.stack.filter((layer) => layer.method === 'put').map((layer) => layer.handle));
    }
  }
}
