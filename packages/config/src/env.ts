import { z } from 'zod';
import { isOrigin } from './origins.js';

/** A blank variable (`FOO=` in an env file) counts as unset, so its default applies. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A whole number from `min` to `max`; `fallback` when unset or blank. */
export function envInt(fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(min).max(max).default(fallback),
  );
}

/** A string; `fallback` when unset or blank. */
export function envString(fallback: string) {
  return z.preprocess(blankToUndefined, z.string().default(fallback));
}

/** A string, or undefined when unset or blank. */
export function envOptionalString() {
  return z.preprocess(blankToUndefined, z.string().optional());
}

/** An optional secret of at least 32 characters (unset or blank: undefined). */
export function envSecret() {
  return z.preprocess(
    blankToUndefined,
    z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  );
}

/** `true` or `false`; `fallback` when unset or blank. */
export function envBoolean(fallback: boolean) {
  return z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true'),
  );
}

/**
 * Origin variables (see {@link isOrigin}) whose error message shows `example`, e.g.
 * `must be an origin such as https://mcp.example.com (no path, no trailing slash)`.
 */
export function envOrigins(example: string) {
  const schema = z.string().refine(isOrigin, {
    message: `must be an origin such as ${example} (no path, no trailing slash)`,
  });
  return {
    /** An origin; `fallback` when unset or blank. */
    withDefault: (fallback: string) => z.preprocess(blankToUndefined, schema.default(fallback)),
    /** An origin, or undefined when unset or blank. */
    optional: () => z.preprocess(blankToUndefined, schema.optional()),
  };
}

/**
 * Fastify's `trustProxy` from its text form: `true`, `false`, a number of proxy hops, or a
 * comma-separated list of trusted addresses and CIDR ranges.
 */
export function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `TRUST_PROXY`: no proxy is trusted when unset or blank; else as {@link parseTrustProxy} reads it. */
export function envTrustProxy() {
  return z.preprocess(blankToUndefined, z.string().default('false').transform(parseTrustProxy));
}
