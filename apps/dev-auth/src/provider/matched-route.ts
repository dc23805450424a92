import type Provider from 'oidc-provider';

/** The Koa context middleware added with `provider.use` receives (before the provider's router). */
export type ProviderContext = Parameters<Parameters<Provider['use']>[0]>[0];

/** Where the provider's router records the name of the route it matched (`ctx.oidc.route` reads it). */
const MATCHED_ROUTE_NAME = '_matchedRouteName';

/**
 * Calls `onRoute` with the name of the provider route the request matched (`registration`,
 * `authorization`, `token`, `discovery`…, the names `ctx.oidc.route` carries) once the provider's
 * own router has matched it and before any of the route's middleware runs. An error thrown by
 * `onRoute` stops the request there and rejects the `next()` of the middleware that installed the
 * watch. Returns a getter for the matched name (undefined while, or when, no route matched).
 *
 * Middleware added with `provider.use` runs before the router, so the route is not known yet, and
 * matching paths again in front of it (the router ignores case and one trailing slash, among other
 * things) would drift from what it routes. The router stores the name in `ctx._matchedRouteName`
 * just before running the route, and oidc-provider's `ctx.oidc.route` is read from that property, so
 * watching the assignment sees every path the router routes, by name.
 */
export function watchMatchedRoute(
  ctx: ProviderContext,
  onRoute: (route: string) => void,
): () => string | undefined {
  let matched: string | undefined;
  Object.defineProperty(ctx, MATCHED_ROUTE_NAME, {
    configurable: true,
    enumerable: true,
    get: () => matched,
    set: (name: unknown) => {
      matched = typeof name === 'string' ? name : undefined;
      if (matched !== undefined) onRoute(matched);
    },
  });
  return () => matched;
}
