import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from './errors.js';

/**
 * An `/api` JSON route: what `work` returns is the body, never cached; a failure is answered by
 * `sendFailure`. A reply `work` sent itself (a stream, a redirect) is left as it is.
 */
export const handle =
  <R extends FastifyRequest>(work: (request: R) => Promise<unknown>) =>
  async (request: R, reply: FastifyReply) => {
    try {
      const body = await work(request);
      if (!reply.sent) return reply.header('cache-control', 'no-store').send(body);
    } catch (error) {
      return sendFailure(request, reply, error);
    }
  };
