/**
 * A reference server of the bench in its own process (the ceiling, the SDK floor): listens on a
 * free loopback port, says where, and answers the bench's questions about its CPU and memory.
 */
import type { FastifyInstance } from 'fastify';
import { runBenchChild, serveBench } from './child-side.js';

export function runReferenceServer(build: () => Promise<FastifyInstance>, path: string): void {
  runBenchChild(async () => {
    const app = await build();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    serveBench({ url: `http://127.0.0.1:${address.port}${path}`, close: () => app.close() });
  });
}
