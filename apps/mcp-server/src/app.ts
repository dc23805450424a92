import { cardDistDir } from '@ask-analyst/card/dist-dir';
import {
  createAnalysisService,
  createPrincipalCache,
  inProcessUserLimits,
} from '@ask-analyst/service';
import { findPrincipal, type Database, type WorksheetEngine } from '@ask-analyst/workspace';
import Fastify, { type FastifyInstance } from 'fastify';
import { analysisSettings, perMinuteLimits } from './analysis-settings.js';
import { createIssuerKeys } from './auth/jwks.js';
import { registerConformanceFixtures } from './conformance/fixtures.js';
import { loadCardResource, registerCardResource } from './card/card-resource.js';
import { cacheVerifiedTokens } from './auth/verified-token-cache.js';
import { verifyAccessToken } from './auth/verify-access-token.js';
import type { McpConfig } from './config.js';
import { HttpError } from './errors.js';
import { corsPlugin } from './http/cors.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { answerClientError } from './http/client-error.js';
import { errorHandlingPlugin, sendHttpError } from './http/error-handler.js';
import { createOriginPolicy } from './http/origin.js';
import { ipRateLimitPlugin } from './http/rate-limit.js';
import { shutdownPlugin } from './http/shutdown.js';
import { loggerOptions } from './logging.js';
import { mcpEndpoint } from './mcp/plugin.js';
import { generateRequestId, requestIdPlugin } from './request-id.js';
import { healthRoutes } from './routes/health.js';
import { metadataRoutes } from './routes/metadata.js';
import { telemetryPlugin } from './telemetry/plugin.js';
import type { ToolDefinition } from './tools/define-tool.js';
import { tools } from './tools/index.js';
import { purgeSchedulePlugin } from './retention/purge-schedule.js';

export { loadMcpConfig, ConfigError } from './config.js';
export { persistedSecret } from './secrets.js';
export { holdHeapGrowth } from './heap-growth.js';
export type { McpConfig, McpLimits } from './config.js';

/** What `buildMcpApp` composes; the dev launcher and the tests provide it. */
export interface McpAppDeps {
  config: McpConfig;
  /** The product database, migrated. */
  db: Database;
  /** The worksheet data engine (DuckDB) over the same data folder the seed or imports wrote. */
  engine: WorksheetEngine;
  /** Fastify logger: false (default) for none, true or pino options to log (never secrets). */
  logger?: boolean | object;
  /** Clock in epoch milliseconds (token expiry, limits, caches); tests freeze it. */
  now?: () => number;
  /** Used to fetch the authorization server's metadata and JWKS. */
  fetch?: typeof fetch;
  /** The tools to serve; the registry of `src/tools/index.ts` unless a test brings its own. */
  tools?: readonly ToolDefinition[];
  /** The card's build folder (Vite's output with its manifest); the card package's by default. */
  cardDistDir?: string;
  /** How long `close()` lets in-flight requests finish before ending long streams (default 5 s). */
  shutdownDrainMs?: number;
}

/**
 * Builds the MCP server (never listens): protected-resource metadata, health endpoints and the
 * bearer-protected `/mcp` endpoint, with request ids, error bodies, per-IP limit and CORS.
 */
export async function buildMcpApp(deps: McpAppDeps): Promise<FastifyInstance> {
  const { config, db, engine } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    // TLS served directly when configured (TLS_CERT_FILE); otherwise plain HTTP on loopback or
    // behind a TLS-terminating proxy (TRUST_PROXY). Either way requests are `https` to the hooks.
    ...serverTransport(config),
    logger: loggerOptions(deps.logger),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.limits.bodyLimitBytes,
    // Requests arriving while closing are answered by the shutdown plugin with the SPEC 2 body.
    return503OnClosing: false,
    // Once the preClose hooks have drained in-flight calls and ended long streams, every connection
    // left is closed: one that never carried a request would otherwise hold `close()` until Node's
    // headers timeout (about a minute).
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      void sendHttpError(request, reply, new HttpError('mcp_invalid_request', error.message));
    },
  });

  // Read once at start-up: names and integrity hashes of this build's card assets (SPEC section 5).
  const card = await loadCardResource({
    distDir: deps.cardDistDir ?? cardDistDir,
    cdnUrl: config.cdnUrl,
  });
  const origins = createOriginPolicy(config.mcpUrl, config.allowedOrigins);
  const keys = createIssuerKeys({ issuer: config.authUrl, fetch: deps.fetch ?? fetch, now });
  const principals = createPrincipalCache({
    load: (userId) => findPrincipal(db, userId),
    ttlMs: config.limits.principalCacheSeconds * 1000,
    now,
  });

  await app.register(requestIdPlugin);
  const replicaName = config.replicaName;
  if (replicaName) {
    // Which replica answered, behind a load balancer (tests and operators see the spreading).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-replica', replicaName);
      done();
    });
  }
  // The same security headers as every page of the stack; nothing here is a document to render.
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(errorHandlingPlugin);
  await app.register(shutdownPlugin, { drainMs: deps.shutdownDrainMs });
  // CORS before the per-IP limit, so a browser client can read its 429 and Retry-After.
  await app.register(corsPlugin, { origins });
  await app.register(ipRateLimitPlugin, {
    perMinute: config.limits.requestsPerIpPerMinute,
    now,
    exemptPaths: ['/healthz', '/readyz'],
  });
  await app.register(metadataRoutes, { config });
  // From `announceShutdown()` on, /readyz answers 503 while every other request is still served.
  let draining = false;
  await app.register(healthRoutes, { db, draining: () => draining });
  await app.register(purgeSchedulePlugin, { db, retention: config.retention });
  const limits = inProcessUserLimits({ perMinute: perMinuteLimits(config), now });
  const analyses = createAnalysisService({
    db,
    engine,
    settings: analysisSettings(config),
    limits,
    log: app.log,
  });
  app.decorate('announceShutdown', () => {
    draining = true;
    // Long polls answer now with the turn as it stands; the client re-polls another replica.
    analyses.runtime.releaseWaits();
  });
  app.addHook('onReady', () => analyses.open());
  app.addHook('preClose', () => analyses.close());
  await app.register(telemetryPlugin, { db });
  await app.register(mcpEndpoint, {
    config,
    origins,
    verify: cacheVerifiedTokens({
      verify: (token) =>
        verifyAccessToken(token, {
          issuer: config.authUrl,
          resource: config.resource,
          keys,
          principals,
          now,
        }),
      principals,
      now,
    }),
    registry: deps.tools ?? tools,
    // Every request's server also serves the Ask Analyst card the analysis tools link (SPEC section 5),
    // and, under their test flag only, the conformance suite's fixtures.
    extendServer: (server) => {
      registerCardResource(server, card);
      if (config.conformanceFixtures) registerConformanceFixtures(server);
    },
    runtime: {
      db,
      engine,
      config,
      now,
      log: app.log,
      telemetry: app.telemetrySink,
      limits,
      analyses,
    },
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful stop (SIGTERM): /readyz answers 503 from now on and waiting
     * calls answer at once; requests are still served until `close()`.
     */
    announceShutdown(): void;
  }
}

/** Fastify's `https` option from the config: present only when this server terminates TLS. */
function serverTransport(config: McpConfig): { https?: { cert: Buffer; key: Buffer } } {
  return config.tls ? { https: { cert: config.tls.cert, key: config.tls.key } } : {};
}

/** TRUST_PROXY as Fastify takes it; a number trusts that many hops from the front (proxy-addr). */
function trustProxyOption(
  value: McpConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
