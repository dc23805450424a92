import {
  ANALYST_MODEL_VARIABLES,
  analystModelOf,
  blankToUndefined,
  envInt,
  envOptionalString,
  envOrigins,
  envSecret,
  envString,
  envTrustProxy,
  loadConfig,
  TLS_VARIABLES,
} from '@ask-analyst/config';
import { z } from 'zod';

export { ConfigError } from '@ask-analyst/config';

const origin = envOrigins('https://app.example.com');

/** The web app's OAuth client id at the authorization server (seeded there as a first-party client). */
export const DEFAULT_WEB_CLIENT_ID = 'ask-analyst-web';

/** The variables the web app reads (SPEC sections 1, 7 and 9; the README lists them). */
const VARIABLES = {
  APP_URL: origin.withDefault('http://localhost:4200'),
  AUTH_URL: origin.withDefault('http://localhost:4000'),
  // Default: the port of APP_URL (4200 for the default origin).
  WEB_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65_535).optional()),
  WEB_HOST: envString('127.0.0.1'),
  ...TLS_VARIABLES,
  DATABASE_URL: envOptionalString(),
  DATA_DIR: envString('.data'),
  CURSOR_SECRET: envSecret(),
  WEB_CLIENT_ID: envString(DEFAULT_WEB_CLIENT_ID),
  WEB_CLIENT_SECRET: envSecret(),
  TRUST_PROXY: envTrustProxy(),
  NODE_ENV: envString('development'),
  // SPEC section 9: a session ends after 8 hours idle or 7 days, whichever comes first.
  SESSION_IDLE_SECONDS: envInt(8 * 60 * 60, 60),
  SESSION_MAX_SECONDS: envInt(7 * 24 * 60 * 60, 60),
  TOOL_CALLS_PER_MINUTE: envInt(120, 1),
  ANALYSES_PER_MINUTE: envInt(20, 1),
  RUNNING_ANALYSES_PER_USER: envInt(3, 1),
  ANALYSIS_TIMEOUT_SECONDS: envInt(120, 1),
  RESULT_ROW_LIMIT: envInt(5_000, 1),
  // SPEC section 7: user and organization checks are cached at most 30 seconds.
  PRINCIPAL_CACHE_SECONDS: envInt(30, 0, 30),
  // The model planner of the turns this app runs, as the MCP server's: a turn is planned the same
  // whichever process runs it.
  ...ANALYST_MODEL_VARIABLES,
};

/**
 * Parses the web app's configuration from `env` (the only reader of `process.env`); refuses plain
 * HTTP outside loopback development (SPEC section 1) and a production start without the client
 * secret.
 */
export function loadWebConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    name: 'web app',
    variables: VARIABLES,
    env,
    origins: ['APP_URL', 'AUTH_URL'],
    requiredInProduction: ['WEB_CLIENT_SECRET', 'CURSOR_SECRET'],
    derive: (e, check) => {
      const production = e.NODE_ENV === 'production';
      if (e.SESSION_IDLE_SECONDS > e.SESSION_MAX_SECONDS) {
        check.problem('SESSION_IDLE_SECONDS must not exceed SESSION_MAX_SECONDS');
      }
      const analystModel = analystModelOf(e, check);
      return {
        /** This app's origin: every `url` of the MCP tools points here (SPEC section 9). */
        appUrl: e.APP_URL,
        /** The authorization server's issuer. */
        authUrl: e.AUTH_URL,
        port: e.WEB_PORT ?? defaultPort(e.APP_URL),
        host: e.WEB_HOST,
        tls: check.tls(e, [['APP_URL', e.APP_URL]]),
        databaseUrl: e.DATABASE_URL,
        dataDir: e.DATA_DIR,
        /** In development, when absent, `src/server.ts` keeps one in `${dataDir}/cursor-secret`. */
        cursorSecret: e.CURSOR_SECRET,
        clientId: e.WEB_CLIENT_ID,
        /** In development, when absent, the launcher keeps one in `${dataDir}/web-client-secret`. */
        clientSecret: e.WEB_CLIENT_SECRET,
        trustProxy: e.TRUST_PROXY,
        nodeEnv: e.NODE_ENV,
        /** Cookies marked `Secure` (and named `__Host-`) over https and in production. */
        secureCookies: production || e.APP_URL.startsWith('https:'),
        session: { idleSeconds: e.SESSION_IDLE_SECONDS, maxSeconds: e.SESSION_MAX_SECONDS },
        limits: {
          toolCallsPerMinute: e.TOOL_CALLS_PER_MINUTE,
          analysesPerMinute: e.ANALYSES_PER_MINUTE,
          runningAnalysesPerUser: e.RUNNING_ANALYSES_PER_USER,
          analysisTimeoutSeconds: e.ANALYSIS_TIMEOUT_SECONDS,
          resultRowLimit: e.RESULT_ROW_LIMIT,
          principalCacheSeconds: e.PRINCIPAL_CACHE_SECONDS,
        },
        /** The model planner of the turns this app runs, or null for the deterministic planner. */
        analystModel,
      };
    },
  });
}

export type WebConfig = ReturnType<typeof loadWebConfig>;

/** The port an origin names, or its scheme's default. */
function defaultPort(origin: string): number {
  const url = new URL(origin);
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
