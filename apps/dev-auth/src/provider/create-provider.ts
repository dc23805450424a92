import { isRecord } from '@ask-analyst/protocol';
import Provider from 'oidc-provider';
import { clientAddressOf } from '../http/client-address.js';
import type { FixedWindowLimiter } from '../http/rate-limit.js';
import { ANY_LOOPBACK_PATH_CLIENTS } from './clients.js';
import { providerConfiguration, type ProviderConfigurationInput } from './configuration.js';
import { type ProviderContext, watchMatchedRoute } from './matched-route.js';
import { installLoopbackRedirectPolicy } from './redirect-uris.js';
import { MCP_SCOPES, withDefaultScopes } from './resource-indicators.js';

export interface CreateProviderOptions {
  /** Dynamic Client Registration attempts per client address. */
  registrationLimiter: FixedWindowLimiter;
}

/** Thrown from the route watch to stop a registration over the limit before the route runs. */
class RegistrationLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('registration rate limit exceeded');
  }
}

/** Builds the provider (a Koa app, never listening itself) with this service's policies installed. */
export function createProvider(
  input: ProviderConfigurationInput,
  options: CreateProviderOptions,
): Provider {
  const provider = new Provider(input.config.issuer, providerConfiguration(input));
  // Only trust X-Forwarded-* when the operator declared a trusted proxy (SPEC section 1).
  provider.proxy = input.config.trustProxy !== false;
  installLoopbackRedirectPolicy(provider, ANY_LOOPBACK_PATH_CLIENTS);

  // Policies are keyed on the route the provider's router matched (`ctx.oidc.route`), never on the
  // path: the router also answers `/oauth/Register`, `/oauth/register/` and the like.
  provider.use(async (ctx, next) => {
    // The client lookup is async, so it is done before routing; it is applied only to the
    // authorization route.
    const defaultedQuery =
      ctx.method === 'GET' ? await queryWithDefaultScopes(provider, ctx) : undefined;
    const route = watchMatchedRoute(ctx, (name) => {
      if (name === 'authorization' && defaultedQuery !== undefined) {
        ctx.querystring = defaultedQuery;
      }
      if (name === 'registration' && ctx.method === 'POST') {
        const limit = options.registrationLimiter.hit(clientAddressOf(ctx.req));
        if (!limit.allowed) throw new RegistrationLimited(limit.retryAfterSeconds);
      }
    });
    try {
      await next();
    } catch (error) {
      if (!(error instanceof RegistrationLimited)) throw error;
      ctx.status = 429;
      ctx.set('retry-after', String(error.retryAfterSeconds));
      ctx.set('cache-control', 'no-store');
      ctx.body = {
        error: 'temporarily_unavailable',
        error_description: 'too many client registrations from this address; try again later',
      };
      return;
    }
    if (route() === 'discovery' && ctx.status === 200 && isRecord(ctx.body)) {
      // `offline_access` is accepted but not advertised: refresh tokens come without it, and MCP
      // SDK clients that see it add it together with `prompt=consent`, asking consent every time.
      ctx.body.scopes_supported = [...MCP_SCOPES, 'openid'];
    }
  });
  return provider;
}

/**
 * SPEC section 3: an authorization request that names no MCP scope gets both (or those the client
 * registered). Returns the rewritten query string, or undefined when nothing changes. Duplicates
 * and unknown clients are left for the provider to refuse.
 */
async function queryWithDefaultScopes(
  provider: Provider,
  ctx: ProviderContext,
): Promise<string | undefined> {
  const query = new URLSearchParams(ctx.querystring);
  const asked = query.getAll('scope');
  const clientId = query.get('client_id');
  // Every authorization request has `response_type`; without one, no client lookup is worth doing.
  if (!clientId || !query.has('response_type') || asked.length > 1) return undefined;
  const client = await provider.Client.find(clientId).catch(() => undefined);
  if (!client) return undefined;
  const scope = withDefaultScopes(asked[0], client.scope);
  if (scope === asked[0]) return undefined;
  query.set('scope', scope);
  return query.toString();
}
