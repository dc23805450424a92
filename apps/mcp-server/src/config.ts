import {
  blankToUndefined,
  envInt,
  envOptionalString,
  envOrigins,
  envString,
  envTrustProxy,
  insecureOriginProblems,
  isLoopbackOrigin,
  isOrigin,
  loadTlsFiles,
  type NamedOrigin,
  type TlsFiles,
} from '@ask-analyst/config';
import { z } from 'zod';

/** Everything the MCP server reads from its environment, parsed once (SPEC sections 1 and 7). */
export interface McpConfig {
  /** Origin of this server, no trailing slash; the protected resource is `${mcpUrl}/mcp`. */
  mcpUrl: string;
  /** The authorization server's issuer (compared exactly with `iss`). */
  authUrl: string;
  cdnUrl: string;
  /** The product web app that `url` fields point into (SPEC section 9). */
  appUrl: string;
  /** Browser origins, besides `mcpUrl` itself, allowed to call `/mcp`. */
  allowedOrigins: string[];
  port: number;
  host: string;
  /**
   * Certificate and key when this server terminates TLS itself (TLS_CERT_FILE, TLS_KEY_FILE);
   * undefined when it serves plain HTTP (loopback development, or behind a TLS-terminating proxy).
   */
  tls: TlsFiles | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * HMAC key of read_worksheet cursors (CURSOR_SECRET, at least 32 characters). Required in
   * production; in development, when absent, `src/server.ts` keeps one in `${dataDir}/cursor-secret`.
   */
  cursorSecret: string | undefined;
  trustProxy: boolean | number | string[];
  nodeEnv: string;
  /** The RFC 8707 resource identifier tokens must name in `aud`: `${mcpUrl}/mcp`. */
  resource: string;
  /** RFC 9728 metadata URL advertised in every challenge. */
  resourceMetadataUrl: string;
  /** Whether `/mcp` refuses requests that did not arrive over TLS (everything but loopback dev). */
  requireTls: boolean;
  limits: McpLimits;
  retention: RetentionConfig;
  /**
   * CONFORMANCE_FIXTURES=true registers the MCP conformance suite's fixture tools, resources and
   * prompts (src/conformance/) beside the product's; for the conformance test run only.
   */
  conformanceFixtures: boolean;
  /**
   * A model-backed Ask Analyst planner (an OpenAI-compatible API), or null for the deterministic
   * planner alone. The deterministic planner stays the fallback either way.
   */
  analystModel: {
    url: string;
    model: string;
    apiKey: string | undefined;
    timeoutMs: number;
  } | null;
}

/** Retention windows of SPEC section 7 and how often this server purges what is older. */
export interface RetentionConfig {
  telemetryDays: number;
  questionsDays: number;
  /** Minutes between scheduled purges; 0 turns the schedule off (the ops CLI can still purge). */
  purgeIntervalMinutes: number;
}

/** Limits of SPEC section 7; counters are per replica (in memory). */
export interface McpLimits {
  toolCallsPerMinute: number;
  analysesPerMinute: number;
  runningAnalysesPerUser: number;
  analysisTimeoutSeconds: number;
  bodyLimitBytes: number;
  resultRowLimit: number;
  requestsPerIpPerMinute: number;
  principalCacheSeconds: number;
}

/** Thrown by `loadMcpConfig`; the message lists every problem, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const origin = envOrigins('https://mcp.example.com');

const EnvSchema = z.object({
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
  TLS_CERT_FILE: envOptionalString(),
  TLS_KEY_FILE: envOptionalString(),
  DATABASE_URL: envOptionalString(),
  DATA_DIR: envString('.data'),
  CURSOR_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ),
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
  CONFORMANCE_FIXTURES: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  ANALYST_MODEL_URL: z.preprocess(
    blankToUndefined,
    z.url({ message: 'must be the base URL of an OpenAI-compatible API' }).optional(),
  ),
  ANALYST_MODEL: envOptionalString(),
  ANALYST_MODEL_API_KEY: envOptionalString(),
  ANALYST_MODEL_TIMEOUT_SECONDS: envInt(20, 1, 110),
});

/**
 * Parses the MCP server's configuration from `env` (the only reader of `process.env`) and refuses,
 * with an exact message, a configuration that would serve over plain HTTP outside loopback
 * development (SPEC section 1; OAuth 2.1 section 1.5 allows `http` only for loopback).
 */
export function loadMcpConfig(env: NodeJS.ProcessEnv): McpConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid MCP server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const origins: NamedOrigin[] = [
    ['MCP_URL', e.MCP_URL],
    ['AUTH_URL', e.AUTH_URL],
    ['CDN_URL', e.CDN_URL],
    ['APP_URL', e.APP_URL],
    ...e.ALLOWED_ORIGINS.map((value): NamedOrigin => ['ALLOWED_ORIGINS', value]),
  ];
  const problems = insecureOriginProblems(origins, { production });
  if (production && !e.CURSOR_SECRET) {
    problems.push('CURSOR_SECRET is required when NODE_ENV=production');
  }
  if (e.ANALYST_MODEL_URL && !e.ANALYST_MODEL) {
    problems.push('ANALYST_MODEL is required with ANALYST_MODEL_URL (the model name)');
  }
  if (
    e.ANALYST_MODEL_URL &&
    new URL(e.ANALYST_MODEL_URL).protocol !== 'https:' &&
    !isLoopbackOrigin(new URL(e.ANALYST_MODEL_URL).origin)
  ) {
    problems.push('ANALYST_MODEL_URL must be https (or loopback http in development)');
  }
  if (production && e.CONFORMANCE_FIXTURES === 'true') {
    problems.push('CONFORMANCE_FIXTURES must not be true when NODE_ENV=production');
  }
  const tls = loadTlsFiles({
    certFile: e.TLS_CERT_FILE,
    keyFile: e.TLS_KEY_FILE,
    served: [['MCP_URL', e.MCP_URL]],
  });
  problems.push(...tls.problems);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid MCP server configuration:\n${problems.join('\n')}`);
  }
  return {
    mcpUrl: e.MCP_URL,
    authUrl: e.AUTH_URL,
    cdnUrl: e.CDN_URL,
    appUrl: e.APP_URL,
    allowedOrigins: e.ALLOWED_ORIGINS,
    port: e.MCP_PORT,
    host: e.MCP_HOST,
    tls: tls.tls,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    cursorSecret: e.CURSOR_SECRET,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    resource: `${e.MCP_URL}/mcp`,
    resourceMetadataUrl: `${e.MCP_URL}/.well-known/oauth-protected-resource/mcp`,
    requireTls: new URL(e.MCP_URL).protocol === 'https:',
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
    retention: {
      telemetryDays: e.RETENTION_TELEMETRY_DAYS,
      questionsDays: e.RETENTION_QUESTIONS_DAYS,
      purgeIntervalMinutes: e.RETENTION_PURGE_INTERVAL_MINUTES,
    },
    conformanceFixtures: e.CONFORMANCE_FIXTURES === 'true',
    analystModel:
      e.ANALYST_MODEL_URL && e.ANALYST_MODEL
        ? {
            url: e.ANALYST_MODEL_URL,
            model: e.ANALYST_MODEL,
            apiKey: e.ANALYST_MODEL_API_KEY,
            timeoutMs: e.ANALYST_MODEL_TIMEOUT_SECONDS * 1000,
          }
        : null,
  };
}
