import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildChallenge, type ChallengeReason } from './challenge.js';
import type { VerifyToken } from './verified-token-cache.js';
import type { VerifiedCaller, VerifyResult } from './verify-access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, set by the bearer gate on the routes it guards. */
    caller: VerifiedCaller | null;
  }
}

export interface BearerAuthOptions {
  /** Answers at once for a token it knows (no promise on the usual path), else later. */
  verify: VerifyToken;
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

    // Callback-style: a refusal answers here and `done` is not called, so the request goes no
    // further; a known token is accepted without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers.authorization;
      if (header === undefined || !/^bearer(\s|$)/i.test(header)) {
        refuse(request, reply, { kind: 'missing_token' });
        return;
      }
      const token = bearerToken(header);
      if (token === undefined) {
        refuse(request, reply, {
          kind: 'invalid_token',
          description: 'malformed Authorization header',
        });
        return;
      }
      const settle = (result: VerifyResult) => {
        if (!result.ok) {
          refuse(request, reply, result.failure);
          return;
        }
        request.caller = result.caller;
        done();
      };
      const result = options.verify(token);
      if (result instanceof Promise) result.then(settle, done);
      else settle(result);
    });
  },
  { name: 'bearer-auth', fastify: '5.x', dependencies: ['request-id'] },
);

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1];
}
