#!/usr/bin/env node
import { resolve } from 'node:path';
import { startCluster } from './cluster/start-cluster.js';

/**
 * `pnpm cluster`: the production topology on this machine (docs/deployment.md). Everything lives in
 * `${DATA_DIR:-.data}/cluster` and starts afresh each time; Ctrl+C stops it all.
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? '.data', 'cluster');
  const verbose = process.argv.includes('--verbose');
  const started = Date.now();
  console.log(
    `Starting the cluster in ${dataDir} (Postgres, dev-auth, 3 MCP replicas, web, CDN, HAProxy)`,
  );
  const cluster = await startCluster({
    dataDir,
    log: (line) => {
      // The apps' request logs are many; errors and the release step are always shown.
      if (verbose || /"level":(50|60)|\[release]|\[haproxy]/.test(line)) console.log(line);
    },
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping HAProxy, the apps, then Postgres`);
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const replicas = cluster.replicas
    .map((r) => `  ${r.name}  http://127.0.0.1:${r.spec.port} (pid ${r.pid})`)
    .join('\n');
  console.log(`
Ask Analyst cluster is up (${((Date.now() - started) / 1000).toFixed(1)} s)

  MCP endpoint (HAProxy, TLS)  ${cluster.mcpUrl}/mcp
  Authorization server         ${cluster.authUrl}
  Web app                      ${cluster.appUrl}
  CDN (card assets)            ${cluster.cdnUrl}
  Postgres                     ${cluster.databaseUrl}
  Replicas behind HAProxy (answers carry x-replica):
${replicas}

The certificate is self-signed: trust ${cluster.certFile}
(curl --cacert it; Node clients NODE_EXTRA_CA_CERTS=it). Demo sign-in: ada@acme.test / analyst-demo.
Ops against this cluster: DATABASE_URL=${cluster.databaseUrl} pnpm ops --help
Logs: pnpm cluster --verbose     Stop: Ctrl+C
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
