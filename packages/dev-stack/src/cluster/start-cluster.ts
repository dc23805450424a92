import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { delimiter, join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { authMigrationSet } from '@ask-analyst/dev-auth';
import {
  WorksheetEngine,
  ensurePrivateDirectory,
  migrate,
  openDatabase,
  persistedSecret,
  productMigrationSet,
  seedDemoWorkspace,
} from '@ask-analyst/workspace';
import {
  freePort,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '@ask-analyst/workspace/testing';
import { makeClusterCertificate } from './certificate.js';
import { haproxyConfig } from './haproxy-config.js';
import { startProcess, type ManagedProcess } from './managed-process.js';
import { clusterProcesses, type ClusterLayout } from './processes.js';

/** The ports `pnpm cluster` uses: those of `npm start`, the replicas on the next ones. */
export const DEFAULT_PORTS = {
  public: 3000,
  replicas: [3001, 3002, 3003],
  auth: 4000,
  app: 4200,
  cdn: 4100,
};

export interface ClusterOptions {
  /** The folder for everything the cluster writes (emptied first: the topology is throwaway). */
  dataDir: string;
  /** `default` (3000, 3001-3003, 4000, 4100, 4200) or free loopback ports (tests). */
  ports?: 'default' | 'free';
  /** MCP server replicas (3 by default). */
  replicas?: number;
  /** Extra settings for every app (tests shorten leases and caches). */
  settings?: Record<string, string>;
  /** Seconds a stopping replica keeps serving with readiness 503 (2 by default). */
  shutdownDelaySeconds?: number;
  /** HAProxy's health-check interval in milliseconds (500 by default). */
  checkIntervalMs?: number;
  /** Every line the processes write, prefixed with their name. */
  log?: (line: string) => void;
}

export interface RunningCluster {
  /** The public MCP origin: HAProxy, https. */
  mcpUrl: string;
  authUrl: string;
  appUrl: string;
  cdnUrl: string;
  dataDir: string;
  /** The certificate HAProxy presents (self-signed): clients trust it as their CA. */
  certFile: string;
  postgres: ThrowawayPostgres;
  databaseUrl: string;
  /** The MCP server replicas, in HAProxy's order (`mcp-1`, …). */
  replicas: ManagedProcess[];
  /** Every process: dev-auth, the replicas, the web app, the CDN, HAProxy. */
  processes: ManagedProcess[];
  /** Stops HAProxy, then every app (SIGTERM), then Postgres. */
  stop(): Promise<void>;
}

/** The repository checkout this module was built in. */
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Starts the production topology on this machine (`pnpm cluster`, the cluster e2e tests): a
 * throwaway Postgres server from Debian's binaries, the schema migrated and the demo workspace
 * seeded (the release step), then dev-auth, N MCP server replicas, the web app and the CDN as
 * separate processes with their own environments, and HAProxy terminating TLS on the public MCP
 * origin in front of the replicas. Resolves once HAProxy has seen every replica ready.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await ensurePrivateDirectory(dataDir);
  const haproxy = findHaproxy();
  const postgres = await startThrowawayPostgres({ maxConnections: 200 });
  if ('skipped' in postgres)
    throw new Error(`no Postgres server for the cluster: ${postgres.skipped}`);
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    const front = processes.filter((p) => p.name === 'haproxy');
    await Promise.all(front.map((p) => p.stop()));
    await Promise.all(processes.filter((p) => p.name !== 'haproxy').map((p) => p.stop()));
    await postgres.destroy();
  };
  // A launcher that dies (a failed test run) leaves nothing running behind it.
  const killAll = () => {
    for (const p of processes) if (p.running) void p.kill('SIGKILL');
    postgres.destroySync();
  };
  process.once('exit', killAll);
  try {
    const ports = options.ports === 'free' ? await freePorts(options.replicas ?? 3) : DEFAULT_PORTS;
    const secrets = {
      cursor: await persistedSecret(join(dataDir, 'cursor-secret')),
      webClient: await persistedSecret(join(dataDir, 'web-client-secret')),
    };
    await release(postgres.url, dataDir, secrets.cursor, log);
    const certificate = await makeClusterCertificate(dataDir);
    const layout: ClusterLayout = {
      root: ROOT,
      node: process.execPath,
      dataDir,
      databaseUrl: postgres.url,
      ports,
      secrets,
      certFile: certificate.certFile,
      shutdownDelaySeconds: options.shutdownDelaySeconds ?? 2,
      ...(options.settings ? { settings: options.settings } : {}),
    };
    const specs = clusterProcesses(layout);
    // dev-auth first: the replicas fetch its metadata on the first token they see.
    for (const spec of specs) processes.push(await startProcess(spec, log));
    const replicas = processes.filter((p) => p.name.startsWith('mcp-'));
    const configFile = join(dataDir, 'haproxy.cfg');
    await writeFile(
      configFile,
      haproxyConfig({
        publicPort: ports.public,
        bindHost: '127.0.0.1',
        pemFile: certificate.pemFile,
        replicas: replicas.map((r) => ({ name: r.name, port: r.spec.port })),
        checkIntervalMs: options.checkIntervalMs ?? 500,
      }),
    );
    processes.push(
      await startProcess(
        {
          name: 'haproxy',
          command: haproxy,
          args: ['-db', '-f', configFile],
          env: {},
          port: ports.public,
          readyPath: '/',
        },
        log,
        { ready: false },
      ),
    );
    const mcpUrl = `https://localhost:${ports.public}`;
    await waitForEveryReplica(
      mcpUrl,
      certificate.certFile,
      replicas.map((r) => r.name),
    );
    return {
      mcpUrl,
      authUrl: `http://localhost:${ports.auth}`,
      appUrl: `http://localhost:${ports.app}`,
      cdnUrl: `http://localhost:${ports.cdn}`,
      dataDir,
      certFile: certificate.certFile,
      postgres,
      databaseUrl: postgres.url,
      replicas,
      processes,
      async stop() {
        process.off('exit', killAll);
        await stop();
      },
    };
  } catch (error) {
    const outputs = processes.map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join('\n');
    await stop().catch(() => undefined);
    process.off('exit', killAll);
    throw new Error(`the cluster did not start: ${String(error)}\n${outputs}`, { cause: error });
  }
}

/** The release step, before any app starts: migrations, and the demo workspace seeded. */
async function release(
  url: string,
  dataDir: string,
  cursorSecret: string,
  log: (line: string) => void,
): Promise<void> {
  const db = await openDatabase({ url, dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(db, [productMigrationSet, authMigrationSet]);
    const engine = await WorksheetEngine.open({ dataDir, cursorSecret });
    try {
      await seedDemoWorkspace(db, engine, { log: (line) => log(`[release] ${line}`) });
    } finally {
      await engine.close();
    }
  } finally {
    await db.close();
  }
}

async function freePorts(replicas: number): Promise<typeof DEFAULT_PORTS> {
  const replicaPorts: number[] = [];
  for (let i = 0; i < replicas; i++) replicaPorts.push(await freePort());
  return {
    public: await freePort(),
    replicas: replicaPorts,
    auth: await freePort(),
    app: await freePort(),
    cdn: await freePort(),
  };
}

/** Debian's haproxy (in /usr/sbin, often not on a user's PATH). */
function findHaproxy(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  const found = dirs.map((dir) => join(dir, 'haproxy')).find((path) => existsSync(path));
  if (!found) throw new Error("no haproxy: install Debian's haproxy (apt-get install haproxy)");
  execFileSync(found, ['-v']);
  return found;
}

/** Waits until `/readyz` through HAProxy has been answered by every replica (round-robin). */
async function waitForEveryReplica(mcpUrl: string, caFile: string, names: string[]) {
  const ca = readFileSync(caFile);
  const seen = new Set<string>();
  const deadline = Date.now() + 60_000;
  while (seen.size < names.length) {
    if (Date.now() > deadline) {
      throw new Error(`HAProxy saw only ${[...seen].join(', ') || 'no replica'} ready in 60 s`);
    }
    const replica = await new Promise<string | null>((done) => {
      const req = request(`${mcpUrl}/readyz`, { ca, timeout: 2_000 }, (res) => {
        res.resume();
        const name = res.headers['x-replica'];
        done(res.statusCode === 200 && typeof name === 'string' ? name : null);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => done(null));
      req.end();
    });
    if (replica) seen.add(replica);
    else await new Promise((r) => setTimeout(r, 200));
  }
}
