import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, its middleware built once at start. (`@fastify/helmet`
 * builds a new middleware from its options on every request, which cost more than the rest of
 * the headers' work together; nothing here varies per request: no CSP nonces, no route options.)
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet 8 throws instead of passing errors on; its callback is called without one.
      applyHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
