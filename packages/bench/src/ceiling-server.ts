/**
 * The ceiling: a bare Fastify JSON route in its own process, as fast as this machine serves a
 * small JSON POST. It parses the body and answers a JSON-RPC result, no logging, nothing else.
 */
import Fastify from 'fastify';
import { usageAnswer, type ChildMessage, type ParentMessage } from './messages.js';

const send = (message: ChildMessage) => process.send?.(message);

async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  app.post('/json', async (request) => {
    const { id } = (request.body ?? {}) as { id?: unknown };
    return { jsonrpc: '2.0', id: id ?? null, result: {} };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'usage') send(usageAnswer());
    if (message.type === 'stop') void app.close().then(() => process.exit(0));
  });
  send({ type: 'ready', url: `http://127.0.0.1:${address.port}/json` });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
