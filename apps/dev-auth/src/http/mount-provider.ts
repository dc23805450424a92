import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { ROUTES } from '../provider/configuration.js';
import { rememberClientAddress } from './client-address.js';

/** Paths the provider answers; everything else is this app's (interactions) or 404. */
const PROVIDER_PATHS = ['/.well-known/*', '/oauth/*', ROUTES.jwks];

export interface MountProviderOptions {
  provider: Provider;
  /** The configured issuer: every URL the provider builds starts with it. */
  issuer: string;
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
  const issuer = new URL(options.issuer);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      // The provider rate-limits registrations by this address (see createProvider).
      rememberClientAddress(request.raw, request.ip);
      pinToIssuer(request.raw.headers, issuer);
      reply.hijack();
      await callback(request.raw, reply.raw);
    };

    for (const path of PROVIDER_PATHS) scope.all(path, forward);
  });
}

/**
 * The provider builds its metadata and redirect URLs from the request (Koa's `ctx.href`: `Host`,
 * or `X-Forwarded-Host`/`-Proto` when it trusts a proxy), so a forged `Host: evil.test` would put
 * the token endpoint on evil.test (issue #28; RFC 8414 section 3.3 wants every URL under the
 * issuer). The issuer is one configured origin, so the request is made to name it, proxy or not;
 * `requireTls` has already refused an https issuer reached without TLS, so the scheme is the
 * issuer's too.
 */
function pinToIssuer(headers: IncomingHttpHeaders, issuer: URL): void {
  headers.host = issuer.host;
  headers['x-forwarded-host'] = issuer.host;
  headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  delete headers.forwarded;
}
