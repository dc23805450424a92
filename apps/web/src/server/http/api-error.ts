import type { FastifyReply } from 'fastify';

/** The body of every `/api` error: a stable code and a message written for the user. */
export function sendApiError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply.code(status).send({ error: { code, message, ...extra } });
}
