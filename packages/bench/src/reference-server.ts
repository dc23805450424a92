/**
 * A reference server of the bench in its own process (the ceiling, the SDK floor): listens on a
 * free loopback port, says where, and answers the bench's questions about its CPU and memory.
 */
import type { FastifyInstance } from 'fastify';
import { usageAnswer, type ChildMessage, type ParentMessage } from './messages.js';

const send = (message: ChildMessage) => process.send?.(message);

export function runReferenceServer(build: () => Promise<FastifyInstance>, path: string): void {
  serve(build, path).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}

async function serve(build: () => Promise<FastifyInstance>, path: string): Promise<void> {
  const app = await build();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  // The bench gone (it exited without stopping this child): stop too, instead of living on.
  process.on('disconnect', () => void app.close().then(() => process.exit(1)));
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'usage') send(usageAnswer());
    if (message.type === 'stop') void app.close().then(() => process.exit(0));
  });
  send({ type: 'ready', url: `http://127.0.0.1:${address.port}${path}` });
}
