import Provider from 'oidc-provider';
import { ANY_LOOPBACK_PATH_CLIENTS } from './clients.js';
import { providerConfiguration, type ProviderConfigurationInput, ROUTES } from './configuration.js';
import { installLoopbackRedirectPolicy } from './redirect-uris.js';
import { MCP_SCOPES, withDefaultScopes } from './resource-indicators.js';

const DISCOVERY_PATHS = new Set([
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
]);

/** Builds the provider (a Koa app, never listening itself) with this service's policies installed. */
export function createProvider(input: ProviderConfigurationInput): Provider {
  const provider = new Provider(input.config.issuer, providerConfiguration(input));
  // Only trust X-Forwarded-* when the operator declared a trusted proxy (SPEC section 1).
  provider.proxy = input.config.trustProxy !== false;
  installLoopbackRedirectPolicy(provider, ANY_LOOPBACK_PATH_CLIENTS);

  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === ROUTES.authorization) {
      const query = new URLSearchParams(ctx.querystring);
      const asked = query.getAll('scope');
      const clientId = query.get('client_id');
      // SPEC section 3: a request that names no MCP scope gets both. Duplicates and unknown
      // clients are left for the provider to refuse.
      const client = clientId
        ? await provider.Client.find(clientId).catch(() => undefined)
        : undefined;
      if (asked.length <= 1 && client) {
        const scope = withDefaultScopes(asked[0], client.scope);
        if (scope !== asked[0]) {
          query.set('scope', scope);
          ctx.querystring = query.toString();
        }
      }
    }
    await next();
    if (DISCOVERY_PATHS.has(ctx.path) && ctx.status === 200 && isRecord(ctx.body)) {
      // `offline_access` is accepted but not advertised: refresh tokens come without it, and MCP
      // SDK clients that see it add it together with `prompt=consent`, asking consent every time.
      ctx.body.scopes_supported = [...MCP_SCOPES, 'openid'];
    }
  });
  return provider;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
