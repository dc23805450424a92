import { newId } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Fastify `genReqId`: every request gets a fresh `req_<id>`; a client-sent id is never trusted. */
export function generateRequestId(): string {
  return newId('req');
}

/** Stamps `x-request-id` on every response before anything else can answer (SPEC section 2). */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback-style, like the other hooks on every request: no promise for a synchronous step.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id', fastify: '5.x' },
);
