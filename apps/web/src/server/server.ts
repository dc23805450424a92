import { join } from 'node:path';
import {
  migrate,
  openDatabase,
  persistedSecret,
  productMigrationSet,
  WorksheetEngine,
} from '@ask-analyst/workspace';
import { buildWebApp } from './app.js';
import { ConfigError, loadWebConfig } from './config.js';

/** Runs the web app alone (against DATABASE_URL, or the embedded database in DATA_DIR). */
async function main() {
  const config = loadWebConfig(process.env);
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await migrate(db, [productMigrationSet]);
  const cursorSecret =
    config.cursorSecret ?? (await persistedSecret(join(config.dataDir, 'cursor-secret')));
  const clientSecret =
    config.clientSecret ?? (await persistedSecret(join(config.dataDir, 'web-client-secret')));
  const engine = await WorksheetEngine.open({ dataDir: config.dataDir, cursorSecret });
  const app = await buildWebApp({ config: { ...config, clientSecret }, db, engine, logger: true });
  await app.listen({ port: config.port, host: config.host });
  const stop = async () => {
    await app.close();
    await engine.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
