import {
  blankToUndefined,
  envBoolean,
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
import type { SignInThrottleRule } from './interactions/sign-in-throttle.js';

export { ConfigError } from '@ask-analyst/config';

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const origin = envOrigins('https://auth.example.com');

/** A private EC P-256 JWK the operator supplies in `AUTH_SIGNING_KEYS`. */
const SigningJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
});
export type PrivateSigningJwk = z.infer<typeof SigningJwkSchema>;

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

/** The variables the authorization server reads (SPEC sections 1 and 3; the README lists them). */
const VARIABLES = {
  AUTH_URL: origin.withDefault('http://localhost:4000'),
  MCP_URL: origin.withDefault('http://localhost:3000'),
  APP_URL: origin.withDefault('http://localhost:4200'),
  AUTH_PORT: envInt(4000, 0, 65_535),
  AUTH_HOST: envString('127.0.0.1'),
  ...TLS_VARIABLES,
  DATABASE_URL: envOptionalString(),
  DATA_DIR: envString('.data'),
  // Down to 5 s so tests (and anyone trying a client's refresh) can watch tokens expire; production
  // keeps at least a minute (below).
  ACCESS_TOKEN_TTL: envInt(600, 5, 86_400),
  COOKIE_KEYS: CookieKeysSchema,
  AUTH_SIGNING_KEYS: SigningKeysSchema,
  TRUST_PROXY: envTrustProxy(),
  NODE_ENV: envString('development'),
  // Failures only (a right password never counts): per address across accounts, and per account
  // and address before the growing delay (interactions/sign-in-throttle.ts).
  SIGN_IN_LIMIT_PER_IP: envInt(50, 1),
  SIGN_IN_FREE_FAILURES: envInt(5, 0),
  SIGN_IN_MAX_DELAY_SECONDS: envInt(900, 1, 86_400),
  // An MCP client registers once per install, some on every connection (an Inspector without a
  // keychain); a developer's machine or an office behind one address must never reach it.
  REGISTRATION_LIMIT_PER_IP: envInt(1000, 1),
  CIMD_ALLOW_PRIVATE_HOSTS: envBoolean(false),
  // The product web app's confidential client (SPEC section 9); without a secret it is not registered.
  WEB_CLIENT_ID: envString('ask-analyst-web'),
  WEB_CLIENT_SECRET: envSecret(),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
};

/**
 * Parses the authorization server's configuration from `env` (the only reader of `process.env`)
 * and refuses, with one message naming every problem, a configuration that would serve over plain
 * HTTP outside loopback development (SPEC section 1; OAuth 2.1 section 1.5 allows `http` only for
 * loopback).
 */
export function loadAuthConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    name: 'authorization server',
    variables: VARIABLES,
    env,
    origins: ['AUTH_URL', 'MCP_URL', 'APP_URL'],
    requiredInProduction: ['AUTH_SIGNING_KEYS'],
    forbiddenInProduction: ['CIMD_ALLOW_PRIVATE_HOSTS'],
    derive: (e, check) => {
      const production = e.NODE_ENV === 'production';
      if (production && e.ACCESS_TOKEN_TTL < 60) {
        check.problem('ACCESS_TOKEN_TTL must be at least 60 when NODE_ENV=production');
      }
      return {
        /** The issuer identifier: an origin without a trailing slash, compared exactly with `iss`. */
        issuer: e.AUTH_URL,
        /** Origin of the MCP server. */
        mcpUrl: e.MCP_URL,
        /** The one resource (RFC 8707) tokens are issued for: `${mcpUrl}/mcp`. */
        mcpResource: `${e.MCP_URL}/mcp`,
        /** The product web app (SPEC section 9). */
        appUrl: e.APP_URL,
        port: e.AUTH_PORT,
        host: e.AUTH_HOST,
        /**
         * Certificate and key when this server terminates TLS itself (TLS_CERT_FILE, TLS_KEY_FILE);
         * undefined when it serves plain HTTP (loopback development, or behind a TLS-terminating proxy).
         */
        tls: check.tls(e, [['AUTH_URL', e.AUTH_URL]]),
        /**
         * Whether requests must have arrived over TLS (directly, or through a proxy declared in
         * TRUST_PROXY): true for an https issuer, so cookies are always `Secure`.
         */
        requireTls: new URL(e.AUTH_URL).protocol === 'https:',
        databaseUrl: e.DATABASE_URL,
        dataDir: e.DATA_DIR,
        /** Access token lifetime in seconds. */
        accessTokenTtl: e.ACCESS_TOKEN_TTL,
        /** Secrets that sign the provider's cookies; derived from the signing keys when absent. */
        cookieKeys: e.COOKIE_KEYS,
        /** Operator-supplied signing keys (the first one signs); absent means keys kept in the database. */
        signingKeys: e.AUTH_SIGNING_KEYS?.keys,
        nodeEnv: e.NODE_ENV,
        production,
        /** Fastify `trustProxy`; when set, the provider also trusts `X-Forwarded-*`. */
        trustProxy: e.TRUST_PROXY,
        rateLimits: {
          signIn: {
            freeFailures: e.SIGN_IN_FREE_FAILURES,
            baseDelaySeconds: 1,
            maxDelaySeconds: e.SIGN_IN_MAX_DELAY_SECONDS,
            addressFailures: e.SIGN_IN_LIMIT_PER_IP,
            windowSeconds: SIGN_IN_WINDOW_SECONDS,
          } satisfies SignInThrottleRule,
          registrationPerIp: rule(e.REGISTRATION_LIMIT_PER_IP, REGISTRATION_WINDOW_SECONDS),
        },
        /** Lets Client ID Metadata Documents be fetched from private and loopback addresses (never in production). */
        cimdAllowPrivateHosts: e.CIMD_ALLOW_PRIVATE_HOSTS,
        /**
         * The product web app as a first-party confidential client, when its secret is configured
         * (the dev launcher keeps one in the data folder): redirects to `${appUrl}/auth/callback`.
         */
        webClient: e.WEB_CLIENT_SECRET
          ? { clientId: e.WEB_CLIENT_ID, clientSecret: e.WEB_CLIENT_SECRET, appUrl: e.APP_URL }
          : undefined,
        /** Log level of `server.ts` (the dev launcher passes its own logger options). */
        logLevel: e.LOG_LEVEL,
      };
    },
  });
}

/** A fixed-window rate limit: at most `max` events per `windowSeconds` per key. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

function rule(max: number, windowSeconds: number): RateLimitRule {
  return { max, windowSeconds };
}

/** Everything the authorization server reads from its environment, parsed once (SPEC sections 1 and 3). */
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
