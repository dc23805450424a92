import type { EventEmitter } from 'node:events';
import type { Database } from '@ask-analyst/workspace';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthConfig } from './config.js';
import { loggerOptions } from './http/logging.js';
import { mountProvider } from './http/mount-provider.js';
import { FixedWindowLimiter } from './http/rate-limit.js';
import { requireTls } from './http/require-tls.js';
import { applyPageHeaders, BASE_SECURITY_POLICY } from './http/security-headers.js';
import { grantRoutes } from './grants/routes.js';
import { interactionRoutes } from './interactions/routes.js';
import { messagePage } from './interactions/pages.js';
import { SignInThrottle } from './interactions/sign-in-throttle.js';
import { purgeExpiredModels } from './provider/adapter.js';
import type { ProviderFetch } from './provider/client-id-metadata.js';
import { createProvider } from './provider/create-provider.js';
import { loadSigningKeys } from './provider/keys.js';
import { deriveCookieKeys, deriveCsrfSecret } from './provider/secrets.js';

export { isLoopbackOrigin } from '@ask-analyst/config';
export { ConfigError, loadAuthConfig } from './config.js';
export type { AuthConfig, PrivateSigningJwk, RateLimitRule } from './config.js';
export { CODE_EDITOR_CLIENT_ID } from './provider/clients.js';
export { authMigrationSet, authTableGrants } from './db/migrations.js';
export { storedCredentials } from './db/stored-credentials.js';
export { ROUTES } from './provider/configuration.js';
export { retireSigningKey, rotateSigningKey } from './provider/keys.js';
export { MCP_SCOPES } from './provider/resource-indicators.js';
export { GRANT_API_PREFIX } from './grants/routes.js';
export type { ClientDescription, UserGrant } from './grants/grant-store.js';
export type { McpScope } from './provider/resource-indicators.js';

/** What `buildAuthApp` needs; the database must be migrated already. */
export interface AuthAppDeps {
  config: AuthConfig;
  db: Database;
  /** Fastify logger options (`true` for defaults); secrets are never logged either way. */
  logger?: boolean | object;
  /** The fetch used for Client ID Metadata Documents (tests pass a fake); defaults to the global one. */
  fetch?: ProviderFetch;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Builds the development authorization server (SPEC section 3): oidc-provider mounted in Fastify,
 * with this app's sign-in and consent pages, state in the database and ES256 keys from
 * `signing_keys` (or `AUTH_SIGNING_KEYS`). The database must be migrated with `authMigrationSet`
 * as well as the product's. Never listens; `server.ts` or the dev launcher does.
 */
export async function buildAuthApp(deps: AuthAppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const keys = await loadSigningKeys(db, config.signingKeys);
  const cookieKeys = config.cookieKeys ?? deriveCookieKeys(keys.keys);
  const provider = createProvider(
    { config, db, keys, cookieKeys, fetch: deps.fetch },
    { registrationLimiter: new FixedWindowLimiter(config.rateLimits.registrationPerIp) },
  );

  const app = Fastify({
    // TLS served directly when configured (TLS_CERT_FILE); otherwise plain HTTP on loopback or
    // behind a TLS-terminating proxy (TRUST_PROXY).
    ...(config.tls ? { https: { cert: config.tls.cert, key: config.tls.key } } : {}),
    logger: loggerOptions(deps.logger),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
  });

  // Koa would print unhandled errors to stderr; route them through the redacting logger instead.
  (provider as unknown as EventEmitter).on('error', (error: Error) =>
    app.log.error({ err: error }, 'authorization server error'),
  );
  provider.on('server_error', (_ctx: unknown, error: Error) =>
    app.log.error({ err: error }, 'authorization server error'),
  );

  // Security headers on every response, the provider's (written to the raw response) included.
  await app.register(fastifyHelmet, BASE_SECURITY_POLICY);
  app.addHook('onRequest', requireTls(config.requireTls));
  await interactionRoutes(app, {
    provider,
    db,
    issuer: config.issuer,
    mcpResource: config.mcpResource,
    webClientId: config.webClient?.clientId,
    csrfSecret: deriveCsrfSecret(cookieKeys),
    signInThrottle: new SignInThrottle(config.rateLimits.signIn),
  });
  // The grant interface exists only for the web app, with its client credentials (decision 122).
  if (config.webClient) await grantRoutes(app, { provider, db, webClient: config.webClient });
  await mountProvider(app, { provider, issuer: config.issuer });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
  // Fastify's own 404 handler logs the full URL, query string included (SPEC section 7).
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found\n'),
  );
  app.get('/', async (_request, reply) => {
    applyPageHeaders(reply);
    return reply.type('text/html; charset=utf-8').send(
      messagePage({
        title: 'Ask Analyst sign-in',
        message:
          'This is the Ask Analyst authorization server. Connect from your MCP client to sign in.',
      }),
    );
  });

  const purge = () =>
    purgeExpiredModels(db).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed'));
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  await purge();

  return app;
}

/** Fastify takes a hop count as a function (its typings omit the number form). */
function fastifyTrustProxy(value: AuthConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
