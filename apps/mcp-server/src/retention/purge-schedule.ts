import { purgeRetention, type Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionConfig } from '../config.js';

export interface PurgeScheduleOptions {
  db: Database;
  retention: RetentionConfig;
}

/**
 * Purges telemetry and Ask Analyst questions past their retention windows (SPEC section 7): once
 * shortly after start, then every `purgeIntervalMinutes`. Each replica may run it; a purge deletes
 * only what is older than the window, so overlapping runs are harmless. A failed purge is logged and
 * retried at the next tick; it never affects requests.
 */
async function purgeSchedule(app: FastifyInstance, options: PurgeScheduleOptions): Promise<void> {
  const { db, retention } = options;
  if (retention.purgeIntervalMinutes === 0) return;
  let running: Promise<void> | undefined;

  const purge = () => {
    running ??= purgeRetention(
      { db, actor: 'mcp-server:retention-schedule' },
      { telemetryDays: retention.telemetryDays, questionsDays: retention.questionsDays },
    )
      .then((result) => app.log.info({ deleted: result.deleted }, 'retention purge done'))
      .catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'))
      .finally(() => (running = undefined));
    return running;
  };

  const first = setTimeout(() => void purge(), 5_000).unref();
  const every = setInterval(() => void purge(), retention.purgeIntervalMinutes * 60_000).unref();
  app.decorate('purgeRetentionNow', purge);
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the scheduled retention purge now (tests, operators); resolves when it is done. */
    purgeRetentionNow?: () => Promise<void>;
  }
}

export const purgeSchedulePlugin = fp(purgeSchedule, { name: 'retention-purge-schedule' });
