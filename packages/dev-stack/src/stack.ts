import { join } from 'node:path';
import { cardDistDir } from '@ask-analyst/card/dist-dir';
import {
  authMigrationSet,
  buildAuthApp,
  loadAuthConfig,
  storedCredentials,
} from '@ask-analyst/dev-auth';
import { buildMcpApp, loadMcpConfig, persistedSecret } from '@ask-analyst/mcp-server';
import {
  WorksheetEngine,
  ensurePrivateDirectory,
  migrate,
  openDatabase,
  productMigrationSet,
  seedDemoWorkspace,
  type Database,
} from '@ask-analyst/workspace';
import { startAdminServer } from '@ask-analyst/ops';
import { buildWebApp, loadWebConfig } from '@ask-analyst/web';
import type { FastifyInstance } from 'fastify';
import { buildCdnApp } from './cdn.js';
import { loadStackConfig } from './config.js';

export interface RunningStack {
  mcpUrl: string;
  authUrl: string;
  cdnUrl: string;
  appUrl: string;
  adminUrl: string;
  db: Database;
  close(): Promise<void>;
}

/**
 * Starts the whole dev stack in this process: one database (embedded PGlite in DATA_DIR unless
 * DATABASE_URL names a server), the demo workspace seeded on first start, dev-auth, mcp-server, the
 * CDN and the loopback admin interface the ops CLI uses. Apps never import each other; this is the
 * one place that composes them.
 */
export async function startStack(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = () => {},
): Promise<RunningStack> {
  const stack = loadStackConfig(env);
  await ensurePrivateDirectory(stack.dataDir);
  // The web app's client secret (SPEC section 9): configuration, or kept in the data folder.
  const webClientSecret =
    env.WEB_CLIENT_SECRET || (await persistedSecret(join(stack.dataDir, 'web-client-secret')));
  const appEnv = { ...env, WEB_CLIENT_SECRET: webClientSecret };
  const authConfig = loadAuthConfig(appEnv);
  const mcpConfig = loadMcpConfig(env);
  const webConfig = loadWebConfig(appEnv);

  const db = await openDatabase({ url: stack.databaseUrl, dataDir: join(stack.dataDir, 'pglite') });
  const closers: Array<() => Promise<unknown>> = [() => db.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    await migrate(db, [productMigrationSet, authMigrationSet]);
    const cursorSecret =
      mcpConfig.cursorSecret ?? (await persistedSecret(join(stack.dataDir, 'cursor-secret')));
    const engine = await WorksheetEngine.open({ dataDir: stack.dataDir, cursorSecret });
    closers.push(() => engine.close());
    if (stack.seedDemo) await seedDemoWorkspace(db, engine, { log });

    const apps: Array<[FastifyInstance, number, string]> = [
      [await buildAuthApp({ config: authConfig, db }), authConfig.port, authConfig.host],
      [await buildMcpApp({ config: mcpConfig, db, engine }), mcpConfig.port, mcpConfig.host],
      [await buildCdnApp({ root: cardDistDir, tls: stack.cdnTls }), stack.cdnPort, stack.cdnHost],
      [
        await buildWebApp({ config: webConfig, db, engine, storedCredentials }),
        webConfig.port,
        webConfig.host,
      ],
    ];
    // The apps stop together (each drains its own requests), then the stores they share.
    closers.push(() => Promise.all(apps.map(([app]) => app.close())));
    for (const [app, port, host] of apps) await app.listen({ port, host });
    const admin = await startAdminServer({
      db,
      engine,
      dataDir: stack.dataDir,
      importDir: stack.importDir,
      storedCredentials,
    });
    closers.push(() => admin.close());
    return {
      mcpUrl: mcpConfig.mcpUrl,
      authUrl: authConfig.issuer,
      cdnUrl: stack.cdnUrl,
      appUrl: webConfig.appUrl,
      adminUrl: admin.url,
      db,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
