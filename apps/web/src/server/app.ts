import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import {
  createAnalysisService,
  createDatabaseTelemetry,
  createPrincipalCache,
  inProcessUserLimits,
} from '@ask-analyst/service';
import {
  findPrincipal,
  purgeWebSessions,
  type Database,
  type StoredCredentials,
  type WorksheetEngine,
} from '@ask-analyst/workspace';
import Fastify, { type FastifyInstance } from 'fastify';
import { grantRoutes } from './api/grant-routes.js';
import { activityRoutes } from './api/activity-routes.js';
import { adminRoutes } from './api/admin-routes.js';
import { apiRoutes } from './api/routes.js';
import { openIdClient, type SignInProvider } from './auth/oidc.js';
import { authRoutes } from './auth/routes.js';
import { webSessions } from './auth/session.js';
import { clientDir as defaultClientDir } from './client-dir.js';
import type { WebConfig } from './config.js';
import { clientNamer } from './grants/client-names.js';
import { httpGrantApi, type GrantApi } from './grants/grant-api.js';
import { sessionHook } from './http/session-hook.js';

export { loadWebConfig, ConfigError, DEFAULT_WEB_CLIENT_ID } from './config.js';
export type { WebConfig } from './config.js';
export type { SignInProvider } from './auth/oidc.js';
export type { GrantApi } from './grants/grant-api.js';

const SESSION_PURGE_MS = 60 * 60 * 1000;

export interface WebAppDeps {
  config: WebConfig;
  db: Database;
  engine: WorksheetEngine;
  /** The OpenID Provider; by default dev-auth (or AUTH_URL's server) through `openid-client`. */
  provider?: SignInProvider;
  /** The authorization server's grant interface; by default over HTTP at AUTH_URL. */
  grants?: GrantApi;
  /**
   * The authorization server's credential store (dev-auth's `storedCredentials`): an owner's
   * Revoke access deletes the user's refresh tokens and grants through it, as `pnpm ops
   * revoke-user` does. Without it, the invalidation instant alone refuses the old tokens.
   */
  storedCredentials?: StoredCredentials;
  /** The built pages (`vite build`); by default this package's `dist/client`. */
  clientDir?: string;
  now?: () => number;
  logger?: boolean;
}

/**
 * The product web app (SPEC section 9), never listening: sign-in and sign-out under `/auth`, the
 * JSON API under `/api`, and the single-page app for every other path, all behind one set of
 * security headers and a strict CSP.
 */
export async function buildWebApp(deps: WebAppDeps): Promise<FastifyInstance> {
  const { config, db, engine } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    ...serverTransport(config),
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    forceCloseConnections: true,
  });
  if (!config.clientSecret && !deps.provider) {
    throw new Error('the web app needs WEB_CLIENT_SECRET (the launcher keeps one in development)');
  }
  const provider =
    deps.provider ??
    openIdClient({
      issuer: config.authUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret!,
      redirectUri: `${config.appUrl}/auth/callback`,
      postLogoutRedirectUri: `${config.appUrl}/signed-out`,
    });
  const grants =
    deps.grants ??
    httpGrantApi({
      authUrl: config.authUrl,
      clientId: config.clientId,
      // Without a secret (tests with their own provider) the server refuses: "unavailable".
      clientSecret: config.clientSecret ?? '',
    });
  const principals = createPrincipalCache({
    load: (userId) => findPrincipal(db, userId),
    ttlMs: config.limits.principalCacheSeconds * 1000,
    now,
  });
  const sessions = webSessions({
    db,
    principals,
    idleSeconds: config.session.idleSeconds,
    maxSeconds: config.session.maxSeconds,
    now,
  });
  const limits = inProcessUserLimits({
    perMinute: {
      toolCalls: config.limits.toolCallsPerMinute,
      analyses: config.limits.analysesPerMinute,
    },
    now,
  });
  const analyses = createAnalysisService({
    db,
    engine,
    settings: {
      appUrl: config.appUrl,
      resultRowLimit: config.limits.resultRowLimit,
      analysisTimeoutSeconds: config.limits.analysisTimeoutSeconds,
      runningAnalysesPerUser: config.limits.runningAnalysesPerUser,
      analystModel: config.analystModel,
    },
    limits,
    log: app.log,
  });
  const telemetry = createDatabaseTelemetry(db, app.log);
  app.addHook('onReady', () => analyses.open());
  app.addHook('preClose', () => analyses.close());
  app.addHook('onClose', () => telemetry.close());
  // Ended sessions are deleted when next presented; this removes those never presented again.
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => {
      purgeWebSessions(db, config.session.idleSeconds).catch((error: unknown) =>
        app.log.warn({ err: error }, 'web session purge failed'),
      );
    }, SESSION_PURGE_MS);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrcElem: ["'self'"],
        // React and the charts set style attributes; no style element or sheet from elsewhere.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies,
  });
  await app.register(sessionHook, {
    sessions,
    appUrl: config.appUrl,
    secureCookies: config.secureCookies,
  });
  await app.register(authRoutes, { config, db, provider, sessions });
  await app.register(activityRoutes, { db });
  await app.register(adminRoutes, { db, storedCredentials: deps.storedCredentials });
  await app.register(apiRoutes, {
    db,
    engine,
    analyses,
    limits,
    telemetry: telemetry.sink,
    appUrl: config.appUrl,
    clientId: config.clientId,
    clientNames: clientNamer({ grants, now }),
    now,
  });
  await app.register(grantRoutes, { db, grants });

  app.get('/healthz', async () => ({ status: 'ok' }));

  const root = deps.clientDir ?? defaultClientDir;
  const index = join(root, 'index.html');
  if (existsSync(index)) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false });
    // Every page is a route of the single-page app: a deep link loads it, and it signs in first.
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
      }
      return reply.header('cache-control', 'no-store').sendFile('index.html');
    });
  }
  return app;
}

/** Fastify's `https` option: present only when this app terminates TLS itself. */
function serverTransport(config: WebConfig): { https?: { cert: Buffer; key: Buffer } } {
  return config.tls ? { https: { cert: config.tls.cert, key: config.tls.key } } : {};
}
