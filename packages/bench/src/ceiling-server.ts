/**
 * The ceiling: a bare Fastify JSON route in its own process, as fast as this machine serves a
 * small JSON POST. It parses the body and answers a JSON-RPC result, no logging, nothing else.
 * Beside it, `/json/sized` answers as many bytes as the request's `params.answerBytes` asks
 * (bytes made once per id and size, as the product keeps its tools/list answer): the ceiling for
 * an answer that large, where the load generator's reading of every byte weighs.
 */
import Fastify from 'fastify';
import { runReferenceServer } from './reference-server.js';
import { sizedAnswer } from './sized-answer.js';

/** Sized answers kept, by id and size (the bench sends one id and one or two sizes). */
const MAX_KEPT_ANSWERS = 16;

runReferenceServer(async () => {
  const app = Fastify({ logger: false });
  app.post('/json', async (request) => {
    const { id } = (request.body ?? {}) as { id?: unknown };
    return { jsonrpc: '2.0', id: id ?? null, result: {} };
  });
  const kept = new Map<string, Buffer>();
  app.post('/json/sized', (request, reply) => {
    const { id = null, params } = (request.body ?? {}) as {
      id?: string | number | null;
      params?: { answerBytes?: unknown };
    };
    const bytes = Number(params?.answerBytes);
    const key = `${JSON.stringify(id)} ${bytes}`;
    let answer = kept.get(key);
    if (!answer) {
      try {
        answer = sizedAnswer(id, bytes);
      } catch (error) {
        void reply.code(400).send({ error: (error as Error).message });
        return;
      }
      if (kept.size < MAX_KEPT_ANSWERS) kept.set(key, answer);
    }
    void reply.header('content-type', 'application/json; charset=utf-8').send(answer);
  });
  return app;
}, '/json');
