import { applyDecorators, Injectable, OnApplicationBootstrap, Put, SetMetadata } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';

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

/** `/a/b` from a controller's and a handler's paths, as Nest joins them. */
export function joinPaths(controllerPath: string, methodPath: string): string {
  return `/${[controllerPath, methodPath].map((p) => p.replace(/^\/+|\/+$/g, '')).filter((p) => p !== '').join('/')}`;
}

const asList = (paths: string | string[] | undefined): string[] => (paths === undefined ? [''] : Array.isArray(paths) ? paths : [paths]);

interface ExpressRoute {
  path: string;
  methods: Record<string, boolean>;
  stack: { method?: string; handle: (...args: unknown[]) => unknown }[];
  patch(...handlers: unknown[]): unknown;
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
    const instance = this.adapterHost.httpAdapter?.getInstance() as { router?: { stack: { route?: ExpressRoute }[] } } | undefined;
    if (!instance?.router) return; // not an HTTP app (the command line's application context)
    const puts = new Map<string, ExpressRoute>();
    for (const layer of instance.router.stack) if (layer.route?.methods.put) puts.set(layer.route.path, layer.route);
    for (const path of this.updatePaths()) {
      const route = puts.get(path);
      if (!route) throw new Error(`@Update route PUT ${path} was not found among the app's routes`);
      if (route.methods.patch) continue;
      route.patch(...route.stack.filter((layer) => layer.method === 'put').map((layer) => layer.handle));
    }
  }

  /** The full paths of every `@Update` handler. */
  private updatePaths(): string[] {
    const paths: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { metatype } = wrapper;
      if (!metatype) continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || !Reflect.getMetadata(ALSO_PATCH, handler)) continue;
        for (const controllerPath of asList(Reflect.getMetadata(PATH_METADATA, metatype))) {
          for (const methodPath of asList(Reflect.getMetadata(PATH_METADATA, handler))) paths.push(joinPaths(controllerPath, methodPath));
        }
      }
    }
    return paths;
  }
}
