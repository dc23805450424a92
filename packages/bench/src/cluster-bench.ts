/**
 * `pnpm bench --cluster`: the production topology of `pnpm cluster` (Postgres, three MCP replicas
 * behind HAProxy with TLS, dev-auth, web, CDN) under autocannon through HAProxy, with 3, 2 and 1
 * replicas in rotation: list_workbooks and start_analysis (to the finished answer) req/s, p50, p99,
 * errors, the CPU per request of the replicas and of HAProxy, and each replica's idle RSS. It
 * prints, it asserts nothing; docs/capacity.md reads the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startCluster, type ManagedProcess, type RunningCluster } from '@ask-analyst/dev-stack';
import { openDatabase } from '@ask-analyst/workspace';
import { mintDemoToken } from './demo-token.js';

/** Limits high enough that nothing in the bench is refused (bench configuration only). */
const UNLIMITED = '1000000000';
const TICKS_PER_SECOND = 100;

interface Options {
  seconds: number;
  connections: number;
  dataDir: string;
}

function parseOptions(argv: string[], repoRoot: string): Options {
  const value = (name: string, fallback: number) => {
    const index = argv.indexOf(name);
    const parsed = index >= 0 ? Number(argv[index + 1]) : fallback;
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} takes a positive number`);
    return parsed;
  };
  return {
    seconds: value('--duration', 10),
    connections: value('--connections', 8),
    dataDir: process.env.BENCH_DATA_DIR ?? join(repoRoot, '.data', 'bench-cluster'),
  };
}

/** User plus system CPU time of a process so far, in milliseconds (Linux /proc). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime), counted from the state field as 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

interface Row {
  request: string;
  replicas: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  replicaCpuMs: number;
  haproxyCpuMs: number;
}

export async function runClusterBench(argv: string[], repoRoot: string): Promise<void> {
  const options = parseOptions(argv, repoRoot);
  console.error(`bench --cluster: starting the cluster in ${options.dataDir}`);
  const cluster = await startCluster({
    dataDir: options.dataDir,
    ports: 'free',
    settings: {
      TOOL_CALLS_PER_MINUTE: UNLIMITED,
      REQUESTS_PER_IP_PER_MINUTE: UNLIMITED,
      ANALYSES_PER_MINUTE: UNLIMITED,
      RUNNING_ANALYSES_PER_USER: UNLIMITED,
      RETENTION_PURGE_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await bench(cluster, options);
  } finally {
    await cluster.stop();
  }
}

async function bench(cluster: RunningCluster, options: Options): Promise<void> {
  const db = await openDatabase({ url: cluster.databaseUrl, dataDir: cluster.dataDir });
  let token: string;
  let workbookId: string;
  try {
    token = await mintDemoToken(db, {
      issuer: cluster.authUrl,
      resource: `${cluster.mcpUrl}/mcp`,
      email: 'ada@acme.test',
    });
    const found = await db.query<{ id: string }>(
      "select id from workbooks where name = 'Automobiles' limit 1",
    );
    workbookId = found.rows[0]!.id;
  } finally {
    await db.close();
  }
  await sleep(3_000);
  const idle = cluster.replicas.map((r) => ({ name: r.name, rss: rssMb(r.pid) }));
  const haproxy = cluster.processes.find((p) => p.name === 'haproxy');
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  const call = (name: string, args: Record<string, unknown>) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    });
  const requests = [
    {
      request: 'list_workbooks',
      body: call('list_workbooks', {}),
      connections: options.connections,
    },
    {
      request: 'start_analysis (to the answer)',
      body: call('start_analysis', {
        question: 'Average horsepower by origin',
        workbookId,
        waitSeconds: 20,
      }),
      connections: Math.max(2, Math.floor(options.connections / 2)),
    },
  ];
  const rows: Row[] = [];
  const inRotation: ManagedProcess[] = [...cluster.replicas];
  for (let replicas = cluster.replicas.length; replicas >= 1; replicas--) {
    while (inRotation.length > replicas) {
      const leaving = inRotation.pop()!;
      await leaving.stop();
    }
    // HAProxy's health check marks a stopped replica down within a second.
    await sleep(1_500);
    for (const { request, body, connections } of requests) {
      const url = `${cluster.mcpUrl}/mcp`;
      await autocannon({ url, method: 'POST', headers, body, connections, duration: 2 });
      const before = inRotation.map((r) => cpuMs(r.pid));
      const proxyBefore = cpuMs(haproxy?.pid);
      const result = await autocannon({
        url,
        method: 'POST',
        headers,
        body,
        connections,
        duration: options.seconds,
      });
      const replicaCpu = inRotation.reduce((sum, r, i) => sum + cpuMs(r.pid) - before[i]!, 0);
      const done = result.requests.total || 1;
      rows.push({
        request,
        replicas,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        replicaCpuMs: replicaCpu / done,
        haproxyCpuMs: (cpuMs(haproxy?.pid) - proxyBefore) / done,
      });
      console.error(`  ${request} on ${replicas}: ${Math.round(result.requests.average)} req/s`);
    }
  }
  const fixed = (n: number, digits = 2) => n.toFixed(digits);
  console.log(
    [
      `Cluster bench: HAProxy (TLS) round-robin over N MCP replicas, one Postgres, ${options.seconds} s a row, on ${cpuCount()} cores`,
      '',
      '| request | replicas | req/s | p50 ms | p99 ms | errors | replicas CPU ms/request | HAProxy CPU ms/request |',
      '| --- | --: | --: | --: | --: | --: | --: | --: |',
      ...rows.map(
        (r) =>
          `| ${r.request} | ${r.replicas} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${fixed(r.replicaCpuMs)} | ${fixed(r.haproxyCpuMs)} |`,
      ),
      '',
      `Idle RSS after start: ${idle.map((r) => `${r.name} ${r.rss} MB`).join(', ')}`,
    ].join('\n'),
  );
}

function cpuCount(): number {
  return readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('processor')).length;
}
