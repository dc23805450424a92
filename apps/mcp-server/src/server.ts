import { join } from 'node:path';
import {
  ensurePrivateDirectory,
  migrate,
  openDatabase,
  WorksheetEngine,
} from '@ask-analyst/workspace';
import { buildMcpApp } from './app.js';
import { ConfigError, loadMcpConfig } from './config.js';
import { holdHeapGrowth } from './heap-growth.js';
import { persistedSecret } from './secrets.js';

/**
 * A stop never takes longer than this (SPEC section 1) after the readiness delay
 * (SHUTDOWN_DELAY_SECONDS): the drain (5 s) plus closing the stores.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Runs the MCP server alone: config, database, migrations, listen; graceful close on signals. */
async function main(): Promise<void> {
  holdHeapGrowth();
  const config = loadMcpConfig(process.env);
  await ensurePrivateDirectory(config.dataDir);
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(db);
  // In production loadMcpConfig requires CURSOR_SECRET; a dev server keeps its own across restarts.
  const cursorSecret =
    config.cursorSecret ?? (await persistedSecret(join(config.dataDir, 'cursor-secret')));
  const engine = await WorksheetEngine.open({ dataDir: config.dataDir, cursorSecret });
  const app = await buildMcpApp({ config, db, engine, logger: true });
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Readiness goes 503 and long polls answer at once; requests are still served for the delay,
    // which lets a load balancer's health check take this replica out of rotation first.
    app.announceShutdown();
    app.log.info(
      { signal, delayMs: config.shutdownDelayMs },
      'shutting down: readiness 503, then finishing in-flight requests',
    );
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownDelayMs + SHUTDOWN_DEADLINE_MS);
    force.unref();
    new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))
      .then(() => app.close())
      .then(() => engine.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
