import {
  ANALYST_MODEL_VARIABLES,
  analystModelOf,
  blankToUndefined,
  envBoolean,
  envInt,
  envOptionalString,
  envOrigins,
  envSecret,
  envString,
  envTrustProxy,
  isOrigin,
  loadConfig,
  TLS_VARIABLES,
} from '@ask-analyst/config';
import { z } from 'zod';

export { ConfigError } from '@ask-analyst/config';

const origin = envOrigins('https://mcp.example.com');

/** The variables the MCP server reads (SPEC sections 1 and 7; the README lists them). */
const VARIABLES = {
  MCP_URL: origin.withDefault('http://localhost:3000'),
  AUTH_URL: origin.withDefault('http://localhost:4000'),
  CDN_URL: origin.withDefault('http://localhost:4100'),
  APP_URL: origin.withDefault('http://localhost:4200'),
  ALLOWED_ORIGINS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .refine((items) => items.every(isOrigin), {
        message: 'must be a comma-separated list of origins such as https://app.example.com',
      }),
  ),
  MCP_PORT: envInt(3000, 0, 65_535),
  MCP_HOST: envString('127.0.0.1'),
  ...TLS_VARIABLES,
  DATABASE_URL: envOptionalString(),
  DATA_DIR: envString('.data'),
  CURSOR_SECRET: envSecret(),
  TRUST_PROXY: envTrustProxy(),
  NODE_ENV: envString('development'),
  TOOL_CALLS_PER_MINUTE: envInt(120, 1),
  ANALYSES_PER_MINUTE: envInt(20, 1),
  RUNNING_ANALYSES_PER_USER: envInt(3, 1),
  ANALYSIS_TIMEOUT_SECONDS: envInt(120, 1),
  BODY_LIMIT_BYTES: envInt(1_048_576, 1_024),
  RESULT_ROW_LIMIT: envInt(5_000, 1),
  REQUESTS_PER_IP_PER_MINUTE: envInt(600, 1),
  // SPEC section 7: user and organization checks are cached at most 30 seconds.
  PRINCIPAL_CACHE_SECONDS: envInt(30, 0, 30),
  RETENTION_TELEMETRY_DAYS: envInt(90, 1),
  RETENTION_QUESTIONS_DAYS: envInt(365, 1),
  RETENTION_PURGE_INTERVAL_MINUTES: envInt(360, 0),
  CONFORMANCE_FIXTURES: envBoolean(false),
  ...ANALYST_MODEL_VARIABLES,
  // Behind a load balancer: this replica's name, sent as `x-replica` on every answer (none if unset).
  REPLICA_NAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1-64 letters, digits, ".", "_" or "-"' })
      .optional(),
  ),
  // Seconds a claimed turn stays this replica's without renewal: after a crash, another replica
  // re-runs the turn once this has passed.
  TURN_LEASE_SECONDS: envInt(30, 3, 600),
  // Seconds between SIGTERM (readiness goes 503) and the stop, so a load balancer's health check
  // takes the replica out of rotation before it refuses anything.
  SHUTDOWN_DELAY_SECONDS: envInt(0, 0, 5),
};

/**
 * Parses the MCP server's configuration from `env` (the only reader of `process.env`) and refuses,
 * with one message naming every problem, a configuration that would serve over plain HTTP outside
 * loopback development (SPEC section 1; OAuth 2.1 section 1.5 allows `http` only for loopback).
 */
export function loadMcpConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    name: 'MCP server',
    variables: VARIABLES,
    env,
    origins: ['MCP_URL', 'AUTH_URL', 'CDN_URL', 'APP_URL', 'ALLOWED_ORIGINS'],
    requiredInProduction: ['CURSOR_SECRET'],
    forbiddenInProduction: ['CONFORMANCE_FIXTURES'],
    derive: (e, check) => {
      const analystModel = analystModelOf(e, check);
      return {
        /** Origin of this server, no trailing slash; the protected resource is `${mcpUrl}/mcp`. */
        mcpUrl: e.MCP_URL,
        /** The authorization server's issuer (compared exactly with `iss`). */
        authUrl: e.AUTH_URL,
        cdnUrl: e.CDN_URL,
        /** The product web app that `url` fields point into (SPEC section 9). */
        appUrl: e.APP_URL,
        /** Browser origins, besides `mcpUrl` itself, allowed to call `/mcp`. */
        allowedOrigins: e.ALLOWED_ORIGINS,
        port: e.MCP_PORT,
        host: e.MCP_HOST,
        /**
         * Certificate and key when this server terminates TLS itself (TLS_CERT_FILE, TLS_KEY_FILE);
         * undefined when it serves plain HTTP (loopback development, or behind a TLS-terminating proxy).
         */
        tls: check.tls(e, [['MCP_URL', e.MCP_URL]]),
        databaseUrl: e.DATABASE_URL,
        dataDir: e.DATA_DIR,
        /**
         * HMAC key of read_worksheet cursors (CURSOR_SECRET, at least 32 characters). Required in
         * production; in development, when absent, `src/server.ts` keeps one in `${dataDir}/cursor-secret`.
         */
        cursorSecret: e.CURSOR_SECRET,
        trustProxy: e.TRUST_PROXY,
        nodeEnv: e.NODE_ENV,
        /** The RFC 8707 resource identifier tokens must name in `aud`: `${mcpUrl}/mcp`. */
        resource: `${e.MCP_URL}/mcp`,
        /** RFC 9728 metadata URL advertised in every challenge. */
        resourceMetadataUrl: `${e.MCP_URL}/.well-known/oauth-protected-resource/mcp`,
        /** Whether `/mcp` refuses requests that did not arrive over TLS (everything but loopback dev). */
        requireTls: new URL(e.MCP_URL).protocol === 'https:',
        /** Limits of SPEC section 7; counters are per replica (in memory). */
        limits: {
          toolCallsPerMinute: e.TOOL_CALLS_PER_MINUTE,
          analysesPerMinute: e.ANALYSES_PER_MINUTE,
          runningAnalysesPerUser: e.RUNNING_ANALYSES_PER_USER,
          analysisTimeoutSeconds: e.ANALYSIS_TIMEOUT_SECONDS,
          bodyLimitBytes: e.BODY_LIMIT_BYTES,
          resultRowLimit: e.RESULT_ROW_LIMIT,
          requestsPerIpPerMinute: e.REQUESTS_PER_IP_PER_MINUTE,
          principalCacheSeconds: e.PRINCIPAL_CACHE_SECONDS,
        },
        /** Retention windows of SPEC section 7 and how often this server purges what is older. */
        retention: {
          telemetryDays: e.RETENTION_TELEMETRY_DAYS,
          questionsDays: e.RETENTION_QUESTIONS_DAYS,
          /** Minutes between scheduled purges; 0 turns the schedule off (the ops CLI can still purge). */
          purgeIntervalMinutes: e.RETENTION_PURGE_INTERVAL_MINUTES,
        },
        /**
         * CONFORMANCE_FIXTURES=true registers the MCP conformance suite's fixture tools, resources and
         * prompts (src/conformance/) beside the product's; for the conformance test run only.
         */
        conformanceFixtures: e.CONFORMANCE_FIXTURES,
        /** This replica's name behind a load balancer (`x-replica` on every answer), if set. */
        replicaName: e.REPLICA_NAME,
        /** Seconds a claimed turn stays this replica's without renewal (TURN_LEASE_SECONDS). */
        turnLeaseSeconds: e.TURN_LEASE_SECONDS,
        /** Milliseconds between SIGTERM (readiness 503) and the graceful stop (SHUTDOWN_DELAY_SECONDS). */
        shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
        /**
         * A model-backed Ask Analyst planner (an OpenAI-compatible API), or null for the deterministic
         * planner alone. The deterministic planner stays the fallback either way.
         */
        analystModel,
      };
    },
  });
}

/** Everything the MCP server reads from its environment, parsed once (SPEC sections 1 and 7). */
export type McpConfig = ReturnType<typeof loadMcpConfig>;
/** Limits of SPEC section 7; counters are per replica (in memory). */
export type McpLimits = McpConfig['limits'];
/** Retention windows of SPEC section 7 and how often this server purges what is older. */
export type RetentionConfig = McpConfig['retention'];
