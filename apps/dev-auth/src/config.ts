import {
  blankToUndefined,
  envInt,
  envOptionalString,
  envOrigins,
  envString,
  envTrustProxy,
  insecureOriginProblems,
  loadTlsFiles,
  type NamedOrigin,
  type TlsFiles,
} from '@ask-analyst/config';
import { z } from 'zod';

/** A fixed-window rate limit: at most `max` events per `windowSeconds` per key. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** A private EC P-256 JWK the operator supplies in `AUTH_SIGNING_KEYS`. */
export interface PrivateSigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid?: string | undefined;
}

/** Everything the authorization server reads from its environment, parsed once (SPEC sections 1 and 3). */
export interface AuthConfig {
  /** The issuer identifier: an origin without a trailing slash, compared exactly with `iss`. */
  issuer: string;
  /** Origin of the MCP server. */
  mcpUrl: string;
  /** The one resource (RFC 8707) tokens are issued for: `${mcpUrl}/mcp`. */
  mcpResource: string;
  /** The product web app (SPEC section 9). */
  appUrl: string;
  port: number;
  host: string;
  /**
   * Certificate and key when this server terminates TLS itself (TLS_CERT_FILE, TLS_KEY_FILE);
   * undefined when it serves plain HTTP (loopback development, or behind a TLS-terminating proxy).
   */
  tls: TlsFiles | undefined;
  /**
   * Whether requests must have arrived over TLS (directly, or through a proxy declared in
   * TRUST_PROXY): true for an https issuer, so cookies are always `Secure`.
   */
  requireTls: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Secrets that sign the provider's cookies; derived from the signing keys when absent. */
  cookieKeys: string[] | undefined;
  /** Operator-supplied signing keys (the first one signs); absent means keys kept in the database. */
  signingKeys: PrivateSigningJwk[] | undefined;
  nodeEnv: string;
  production: boolean;
  /** Fastify `trustProxy`; when set, the provider also trusts `X-Forwarded-*`. */
  trustProxy: boolean | number | string[];
  rateLimits: {
    signInPerIp: RateLimitRule;
    signInPerEmail: RateLimitRule;
    registrationPerIp: RateLimitRule;
  };
  /** Lets Client ID Metadata Documents be fetched from private and loopback addresses (never in production). */
  cimdAllowPrivateHosts: boolean;
  /** Log level of `server.ts` (the dev launcher passes its own logger options). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** Thrown by `loadAuthConfig`; the message lists every problem, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const origin = envOrigins('https://auth.example.com');

const SigningJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});

const SigningKeysSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .object({ keys: z.array(SigningJwkSchema).min(1) }, { message: 'must be {"keys":[…]}' })
        .optional(),
    ),
);

const CookieKeysSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys === undefined || (keys.length > 0 && keys.every((k) => k.length >= 32)),
      {
        message: 'must be a comma-separated list of secrets of at least 32 characters each',
      },
    ),
);

const EnvSchema = z.object({
  AUTH_URL: origin.withDefault('http://localhost:4000'),
  MCP_URL: origin.withDefault('http://localhost:3000'),
  APP_URL: origin.withDefault('http://localhost:4200'),
  AUTH_PORT: envInt(4000, 0, 65_535),
  AUTH_HOST: envString('127.0.0.1'),
  TLS_CERT_FILE: envOptionalString(),
  TLS_KEY_FILE: envOptionalString(),
  DATABASE_URL: envOptionalString(),
  DATA_DIR: envString('.data'),
  // Down to 5 s so tests (and anyone trying a client's refresh) can watch tokens expire; production
  // keeps at least a minute (below).
  ACCESS_TOKEN_TTL: envInt(600, 5, 86_400),
  COOKIE_KEYS: CookieKeysSchema,
  AUTH_SIGNING_KEYS: SigningKeysSchema,
  TRUST_PROXY: envTrustProxy(),
  NODE_ENV: envString('development'),
  SIGN_IN_LIMIT_PER_IP: envInt(50, 1),
  SIGN_IN_LIMIT_PER_EMAIL: envInt(10, 1),
  REGISTRATION_LIMIT_PER_IP: envInt(20, 1),
  CIMD_ALLOW_PRIVATE_HOSTS: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false']).default('false'),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

/**
 * Parses the authorization server's configuration from `env` (the only reader of `process.env`)
 * and refuses, with an exact message, a configuration that would serve over plain HTTP outside
 * loopback development (SPEC section 1; OAuth 2.1 section 1.5 allows `http` only for loopback).
 */
export function loadAuthConfig(env: NodeJS.ProcessEnv): AuthConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid authorization server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const origins: NamedOrigin[] = [
    ['AUTH_URL', e.AUTH_URL],
    ['MCP_URL', e.MCP_URL],
    ['APP_URL', e.APP_URL],
  ];
  const problems = insecureOriginProblems(origins, { production });
  if (production && !e.AUTH_SIGNING_KEYS) {
    problems.push('AUTH_SIGNING_KEYS is required when NODE_ENV=production');
  }
  if (production && e.ACCESS_TOKEN_TTL < 60) {
    problems.push('ACCESS_TOKEN_TTL must be at least 60 when NODE_ENV=production');
  }
  if (production && e.CIMD_ALLOW_PRIVATE_HOSTS === 'true') {
    problems.push('CIMD_ALLOW_PRIVATE_HOSTS must not be true when NODE_ENV=production');
  }
  const tls = loadTlsFiles({
    certFile: e.TLS_CERT_FILE,
    keyFile: e.TLS_KEY_FILE,
    served: [['AUTH_URL', e.AUTH_URL]],
  });
  problems.push(...tls.problems);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid authorization server configuration:\n${problems.join('\n')}`);
  }
  return {
    issuer: e.AUTH_URL,
    mcpUrl: e.MCP_URL,
    mcpResource: `${e.MCP_URL}/mcp`,
    appUrl: e.APP_URL,
    port: e.AUTH_PORT,
    host: e.AUTH_HOST,
    tls: tls.tls,
    requireTls: new URL(e.AUTH_URL).protocol === 'https:',
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    cookieKeys: e.COOKIE_KEYS,
    signingKeys: e.AUTH_SIGNING_KEYS?.keys,
    nodeEnv: e.NODE_ENV,
    production,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      signInPerIp: { max: e.SIGN_IN_LIMIT_PER_IP, windowSeconds: SIGN_IN_WINDOW_SECONDS },
      signInPerEmail: { max: e.SIGN_IN_LIMIT_PER_EMAIL, windowSeconds: SIGN_IN_WINDOW_SECONDS },
      registrationPerIp: {
        max: e.REGISTRATION_LIMIT_PER_IP,
        windowSeconds: REGISTRATION_WINDOW_SECONDS,
      },
    },
    cimdAllowPrivateHosts: e.CIMD_ALLOW_PRIVATE_HOSTS === 'true',
    logLevel: e.LOG_LEVEL,
  };
}
