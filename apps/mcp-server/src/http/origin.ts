import type { onRequestHookHandler } from 'fastify';
import { HttpError } from '../errors.js';

/**
 * The origins allowed to call `/mcp` from a browser: the MCP origin itself and ALLOWED_ORIGINS
 * (SPEC section 2; MCP Streamable HTTP transport: validate Origin against DNS rebinding).
 */
export function createOriginPolicy(mcpUrl: string, allowedOrigins: readonly string[]) {
  const allowed = new Set([mcpUrl, ...allowedOrigins]);
  return {
    /** Whether a present `Origin` header value is allowed (`null` and garbage never are). */
    allows(origin: string): boolean {
      return allowed.has(origin);
    },
  };
}
export type OriginPolicy = ReturnType<typeof createOriginPolicy>;

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
