import { Injectable, OnApplicationBootstrap, SetMetadata } from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import type { Request } from 'express';
import { RouteLayer, routeLayers, routesMarked } from './route-table';
import { ALSO_PATCH } from './update-route';

const TAKES_UPLOADS = 'takesUploads';

/**
 * On a handler that reads its own `multipart/form-data` body, files
 * included, after the guards (an image upload: `ImageUploadInterceptor`).
 * Every other route's multipart body is read with the other bodies, before
 * routing, fields only (body-parsers.ts).
 */
export const TakesUploads = () => SetMetadata(TAKES_UPLOADS, true);

/**
 * The routes of `@TakesUploads()` handlers, found among the app's Express
 * routes once Nest has routed them (as `PatchRoutes` finds `@Update`'s), so
 * the body parsers leave those requests' multipart bodies to their handler.
 */
@Injectable()
export class UploadRoutes implements OnApplicationBootstrap {
  private routes: { layer: RouteLayer; methods: Set<string> }[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    const layers = routeLayers(this.adapterHost);
    if (!layers) return; // not an HTTP app (the command line's application context)
    this.routes = routesMarked(this.discovery, this.scanner, TAKES_UPLOADS).map(({ path, method, handler }) => {
      const layer = layers.find((l) => l.route?.path === path && l.route.methods[method]);
      // A missed route would have its uploads refused as "a file where none is taken": stop the start instead.
      if (!layer) throw new Error(`@TakesUploads route ${method.toUpperCase()} ${path} was not found among the app's routes`);
      const methods = new Set([method.toUpperCase(), ...(Reflect.getMetadata(ALSO_PATCH, handler) ? ['PATCH'] : [])]);
      return { layer, methods };
    });
  }

  /** Whether the request goes to a route that reads its multipart body itself. */
  takes(req: Request): boolean {
    return this.routes.some((r) => r.methods.has(req.method) && Boolean(r.layer.match(req.path)));
  }
}
