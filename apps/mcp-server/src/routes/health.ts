import type { Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';

const READY_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process answers. `/readyz`: and its database does too, and it is not stopping
 * (`draining()`: from SIGTERM on, so a load balancer takes it out of rotation first).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { db: Database; draining?: () => boolean },
): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => {
    if (options.draining?.()) {
      throw new HttpError('mcp_unavailable', 'This replica is stopping.', {
        headers: { 'retry-after': '1' },
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([options.db.query('select 1'), timeout]);
    } catch (cause) {
      throw new HttpError('mcp_unavailable', 'The database is unreachable.', {
        cause,
        headers: { 'retry-after': '5' },
      });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready' };
  });
}
