import type { onRequestHookHandler } from 'fastify';
import { HttpError } from '../errors.js';

/**
 * Outside loopback development the MCP endpoint is reached only over HTTPS (seed, Endpoints rule 1;
 * SPEC section 1): a request that did not arrive over TLS, directly or through a proxy declared in
 * TRUST_PROXY (`X-Forwarded-Proto`), is refused before anything else is read.
 */
export function requireTls(enabled: boolean): onRequestHookHandler {
  return (request, _reply, done) => {
    if (!enabled || request.protocol === 'https') {
      done();
      return;
    }
    done(new HttpError('mcp_invalid_request', 'The MCP endpoint is reached only over HTTPS.'));
  };
}
