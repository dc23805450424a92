/**
 * The ceiling: a bare Fastify JSON route in its own process, as fast as this machine serves a
 * small JSON POST. It parses the body and answers a JSON-RPC result, no logging, nothing else.
 */
import Fastify from 'fastify';
import { runReferenceServer } from './reference-server.js';

runReferenceServer(async () => {
  const app = Fastify({ logger: false });
  app.post('/json', async (request) => {
    const { id } = (request.body ?? {}) as { id?: unknown };
    return { jsonrpc: '2.0', id: id ?? null, result: {} };
  });
  return app;
}, '/json');
