import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildChallenge, type ChallengeReason } from './challenge.js';
import type { VerifiedCaller, VerifyResult } from './verify-access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, set by the bearer gate on the routes it guards. */
    caller: VerifiedCaller | null;
  }
}

export interface BearerAuthOptions {
  verify: (token: string) => Promise<VerifyResult>;
  resourceMetadataUrl: string;
  scopesSupported: readonly string[];
}

/**
 * The bearer gate, registered only inside the encapsulated context that holds `/mcp`. The token is
 * read from the `Authorization` header only (RFC 6750 section 2.1); one in the query string or
 * body is never looked at, so such a request counts as carrying no token (SPEC section 2).
 */
export const bearerAuthPlugin = fp<BearerAuthOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('caller', null);

    const refuse = (request: FastifyRequest, reply: FastifyReply, reason: ChallengeReason) => {
      const answer = buildChallenge(reason, { ...options, requestId: request.id });
      request.log.info(
        { reason: reason.kind, status: answer.status },
        'bearer authentication refused',
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    };

    app.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      if (header === undefined || !/^bearer(\s|$)/i.test(header)) {
        return refuse(request, reply, { kind: 'missing_token' });
      }
      const token = bearerToken(header);
      if (token === undefined) {
        return refuse(request, reply, {
          kind: 'invalid_token',
          description: 'malformed Authorization header',
        });
      }
      const result = await options.verify(token);
      if (!result.ok) return refuse(request, reply, result.failure);
      request.caller = result.caller;
    });
  },
  { name: 'bearer-auth', fastify: '5.x', dependencies: ['request-id'] },
);

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1];
}
