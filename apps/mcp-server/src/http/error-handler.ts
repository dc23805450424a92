import type { HttpErrorCode } from '@ask-analyst/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.js';

/** Sends an `HttpError` as the seed's error body with its headers and `x-request-id`. */
export function sendHttpError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: HttpError,
): FastifyReply {
  return reply
    .code(error.status)
    .headers({ ...error.headers, 'x-request-id': request.id })
    .type('application/json; charset=utf-8')
    .send(error.body(request.id));
}

/** Maps whatever was thrown to the `HttpError` that answers it (SPEC section 2 codes). */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 500) {
    return new HttpError(status === 503 ? 'mcp_unavailable' : 'mcp_internal_error', undefined, {
      status: status === 503 ? 503 : 500,
      cause: error,
    });
  }
  const byStatus: Partial<Record<number, HttpErrorCode>> = {
    404: 'mcp_not_found',
    405: 'mcp_method_not_allowed',
    413: 'mcp_payload_too_large',
    429: 'mcp_rate_limited',
  };
  const code = byStatus[status] ?? 'mcp_invalid_request';
  // Fastify's own 4xx messages (bad JSON, wrong media type, body too large) are safe to show.
  const message = code === 'mcp_invalid_request' ? fastifyError.message : undefined;
  return new HttpError(code, message, { status, cause: error });
}

/**
 * Every non-2xx answer of the server uses the seed's error body and carries the request id
 * (SPEC section 2); 5xx details go to the log, never to the client.
 */
export const errorHandlingPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const httpError = toHttpError(error);
      if (httpError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendHttpError(request, reply, httpError);
    });
    app.setNotFoundHandler((request, reply) =>
      sendHttpError(request, reply, new HttpError('mcp_not_found')),
    );
  },
  { name: 'error-handling', fastify: '5.x', dependencies: ['request-id'] },
);
