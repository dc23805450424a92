import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { ROUTES } from '../provider/configuration.js';
import type { FixedWindowLimiter } from './rate-limit.js';
import { applyProviderHeaders } from './security-headers.js';

/** Paths the provider answers; everything else is this app's (interactions) or 404. */
const PROVIDER_PATHS = ['/.well-known/*', '/oauth/*', ROUTES.jwks];

export interface MountProviderOptions {
  provider: Provider;
  /** Dynamic Client Registration attempts per IP. */
  registrationLimiter: FixedWindowLimiter;
}

/**
 * Hands the provider's paths to its Koa callback on the raw request and response. The provider
 * reads request bodies itself, so in this context Fastify's body parsers are replaced by one that
 * leaves the stream untouched.
 */
export async function mountProvider(
  app: FastifyInstance,
  options: MountProviderOptions,
): Promise<void> {
  const callback = options.provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'POST' && pathOf(request.url) === ROUTES.registration) {
        const limit = options.registrationLimiter.hit(request.ip);
        if (!limit.allowed) {
          return reply
            .code(429)
            .header('retry-after', String(limit.retryAfterSeconds))
            .header('cache-control', 'no-store')
            .send({
              error: 'temporarily_unavailable',
              error_description: 'too many client registrations from this address; try again later',
            });
        }
      }
      reply.hijack();
      applyProviderHeaders(reply.raw);
      await callback(request.raw, reply.raw);
    };

    for (const path of PROVIDER_PATHS) scope.all(path, forward);
  });
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
