import { createDatabaseTelemetry, type TelemetrySink } from '@ask-analyst/service';
import type { Database } from '@ask-analyst/workspace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the tool funnel records calls: batched, written off the reply path. */
    telemetrySink: TelemetrySink;
    /** Writes every tool-call record accepted so far (tests, operators); resolves when done. */
    flushTelemetry: () => Promise<void>;
  }
}

/**
 * Tool-call telemetry in batches: records are written together every 250 ms (or at 500), never
 * in a reply's path, and the rest is written when the app closes, before the database does (the
 * launcher and `server.ts` close the app first on SIGTERM/SIGINT), so a graceful shutdown loses
 * no record (SPEC section 7).
 */
export const telemetryPlugin = fp<{ db: Database }>(
  async (app: FastifyInstance, options) => {
    const batcher = createDatabaseTelemetry(options.db, app.log);
    app.decorate('telemetrySink', batcher.sink);
    app.decorate('flushTelemetry', () => batcher.flush());
    app.addHook('onClose', async () => {
      await batcher.close().catch((error: unknown) => {
        app.log.error({ err: error, pending: batcher.pending }, 'telemetry lost at shutdown');
      });
    });
  },
  { name: 'telemetry', fastify: '5.x' },
);
