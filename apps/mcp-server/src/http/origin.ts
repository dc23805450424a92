import type { onRequestHookHandler } from 'fastify';
import { HttpError } from '../errors.js';

/**
 * The origins allowed to call `/mcp` from a browser: the MCP origin itself and ALLOWED_ORIGINS
 * (SPEC section 2; MCP Streamable HTTP transport: validate Origin against DNS rebinding).
 */
export function createOriginPolicy(mcpUrl: string, allowedOrigins: readonly string[]) {
  const allowed = new Set([mcpUrl, ...loopbackAliases(mcpUrl), ...allowedOrigins]);
  return {
    /** Whether a present `Origin` header value is allowed (`null` and garbage never are). */
    allows(origin: string): boolean {
      return allowed.has(origin);
    },
  };
}
export type OriginPolicy = ReturnType<typeof createOriginPolicy>;

/** The names a loopback server is reached by (RFC 8252 section 8.3), as URL hosts. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The same loopback origin under its other names: a server at `http://localhost:3000` is just as
 * much `http://127.0.0.1:3000` and `http://[::1]:3000` to a browser page on this machine, which
 * sends whichever name it used. A non-loopback origin has none.
 */
export function loopbackAliases(origin: string): string[] {
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (
    !url ||
    !(LOOPBACK_HOSTS.includes(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname))
  ) {
    return [];
  }
  const port = url.port === '' ? '' : `:${url.port}`;
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`).filter(
    (o) => o !== origin,
  );
}

/** `Origin` present and not allowed: `403 mcp_origin_not_allowed`. Non-browser clients send none. */
export function originGuard(policy: OriginPolicy): onRequestHookHandler {
  return (request, _reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || policy.allows(origin)) {
      done();
      return;
    }
    done(
      new HttpError(
        'mcp_origin_not_allowed',
        `Requests from the origin ${JSON.stringify(origin)} are not allowed.`,
      ),
    );
  };
}
