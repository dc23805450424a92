#!/usr/bin/env node
import { join } from 'node:path';
import {
  ensurePrivateDirectory,
  migrate,
  openDatabase,
  productMigrationSet,
} from '@ask-analyst/workspace';
import { buildAuthApp, loadAuthConfig } from './app.js';
import { authMigrationSet } from './db/migrations.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

/** Runs the authorization server alone: config, database, migrations, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadAuthConfig(process.env);
  if (!config.databaseUrl) await ensurePrivateDirectory(config.dataDir);
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(db, [productMigrationSet, authMigrationSet]);
  const app = await buildAuthApp({ config, db, logger: { level: config.logLevel } });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs (a stuck connection, the database), the process is gone within 10 s.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
