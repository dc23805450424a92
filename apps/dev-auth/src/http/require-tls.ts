import type { FastifyReply, FastifyRequest } from 'fastify';

/** Probed by load balancers on the private network, often over plain HTTP; it reveals nothing. */
const PLAIN_HTTP_PATHS = new Set(['/healthz']);

/**
 * An https issuer is reached only over TLS (SPEC section 1): directly, or through a proxy declared
 * in TRUST_PROXY (`X-Forwarded-Proto`). Anything else is refused before the provider or a page sees
 * it, so a proxy left undeclared fails loudly instead of the provider setting cookies without
 * `Secure` and building `http` URLs.
 */
export function requireTls(enabled: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!enabled || request.protocol === 'https') return;
    if (PLAIN_HTTP_PATHS.has(request.url.split('?')[0] ?? '')) return;
    await reply.code(400).header('cache-control', 'no-store').send({
      error: 'invalid_request',
      error_description: 'This authorization server is reached only over HTTPS.',
    });
  };
}
