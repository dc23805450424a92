import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { ROUTES } from '../provider/configuration.js';
import { rememberClientAddress } from './client-address.js';

/** Paths the provider answers; everything else is this app's (interactions) or 404. */
const PROVIDER_PATHS = ['/.well-known/*', '/oauth/*', ROUTES.jwks];

export interface MountProviderOptions {
  provider: Provider;
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
      // The provider rate-limits registrations by this address (see createProvider).
      rememberClientAddress(request.raw, request.ip);
      reply.hijack();
      await callback(request.raw, reply.raw);
    };

    for (const path of PROVIDER_PATHS) scope.all(path, forward);
  });
}
