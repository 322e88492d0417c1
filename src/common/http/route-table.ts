import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';

/** A route of the Express router (one per handler Nest registers: its path, its method). */
export interface ExpressRoute {
  path: string;
  methods: Record<string, boolean | undefined>;
  stack: { method?: string; handle: (...args: unknown[]) => unknown }[];
  patch(...handlers: unknown[]): unknown;
}

/** A layer of the Express router: a middleware, or a route; `match` is Express's own matching of a path. */
export interface RouteLayer {
  route?: ExpressRoute;
  match(path: string): unknown;
}

/** The layers of an app's Express router; undefined without one (the command line's application context). */
export function routeLayers(adapterHost: HttpAdapterHost | undefined): RouteLayer[] | undefined {
  const instance = adapterHost?.httpAdapter?.getInstance() as { router?: { stack: RouteLayer[] } } | undefined;
  return instance?.router?.stack;
}

/** `/a/b` from a controller's and a handler's paths, as Nest joins them. */
export function joinPaths(controllerPath: string, methodPath: string): string {
  return `/${[controllerPath, methodPath].map((p) => p.replace(/^\/+|\/+$/g, '')).filter((p) => p !== '').join('/')}`;
}

const asList = (paths: string | string[] | undefined): string[] => (paths === undefined ? [''] : Array.isArray(paths) ? paths : [paths]);

/** A handler's route: its full path as Express holds it, its HTTP method (`put`), the handler itself. */
export interface HandlerRoute {
  path: string;
  method: string;
  handler: object;
}

/** The routes of every controller handler that carries `metadataKey` (set by a decorator such as `@Update()`). */
export function routesMarked(discovery: DiscoveryService, scanner: MetadataScanner, metadataKey: string): HandlerRoute[] {
  const routes: HandlerRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { metatype } = wrapper;
    if (!metatype) continue;
    const prototype = metatype.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || !Reflect.getMetadata(metadataKey, handler)) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod]?.toLowerCase() ?? 'get';
      for (const controllerPath of asList(Reflect.getMetadata(PATH_METADATA, metatype))) {
        for (const methodPath of asList(Reflect.getMetadata(PATH_METADATA, handler))) routes.push({ path: joinPaths(controllerPath, methodPath), method, handler });
      }
    }
  }
  return routes;
}
