#!/usr/bin/env node
/**
 * `pnpm bench`: the MCP endpoint under load beside a bare Fastify route. Starts the dev stack
 * (warm start of the embedded database in `.data/bench`, or `DATABASE_URL`) with the per-user and
 * per-IP limits raised, the ceiling server and the SDK floor (`floor-server.ts`), each in its own
 * process; gets a real access token for Ada; checks each request kind answers correctly once;
 * then runs autocannon against each and prints req/s, p50, p99 and the share of the ceiling.
 * A benchmark: it prints, it asserts nothing.
 */
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BenchChild } from './child.js';
import { loadBenchConfig, type BenchConfig } from './config.js';
import {
  cpuPerRequest,
  formatMegabytes,
  formatTable,
  memoryBand,
  type Measurement,
} from './report.js';
import { CEILING, SCENARIOS, type Scenario } from './scenarios.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Limits high enough that nothing in the bench is refused (bench configuration only). */
const UNLIMITED = '1000000000';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function stackEnv(config: BenchConfig): Promise<NodeJS.ProcessEnv> {
  const [mcp, auth, cdn, app] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  return {
    ...config.childEnv,
    NODE_ENV: 'development',
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    MCP_URL: `http://localhost:${mcp}`,
    MCP_PORT: String(mcp),
    AUTH_URL: `http://localhost:${auth}`,
    AUTH_PORT: String(auth),
    CDN_URL: `http://localhost:${cdn}`,
    CDN_PORT: String(cdn),
    // The stack's web app listens on APP_URL's port.
    APP_URL: `http://localhost:${app}`,
    REQUESTS_PER_IP_PER_MINUTE: UNLIMITED,
    TOOL_CALLS_PER_MINUTE: UNLIMITED,
  };
}

/** Sends one request and checks its answer; returns the answer's size in bytes. */
async function checkOnce(
  scenario: Scenario,
  url: string,
  headers: Record<string, string>,
  requestBody: Record<string, unknown>,
): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(requestBody),
  });
  const text = await response.text();
  let body: unknown;
  try {
    // An SSE answer (the 2025 stateless path may stream): its last data line is the response.
    const data = text.split('\n').filter((line) => line.startsWith('data: '));
    body = JSON.parse(data.length > 0 ? (data.at(-1) ?? '').slice(6) : text);
  } catch {
    throw new Error(`${scenario.name}: not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
  }
  try {
    scenario.check(response.status, body);
  } catch (error) {
    throw new Error(`${scenario.name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return Buffer.byteLength(text);
}

async function load(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  connections: number,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    connections,
    duration: seconds,
  });
}

async function main(): Promise<void> {
  if (process.argv.includes('--cluster')) {
    const { runClusterBench } = await import('./cluster-bench.js');
    return runClusterBench(process.argv.slice(2), REPO_ROOT);
  }
  const config = loadBenchConfig(process.argv.slice(2), process.env, REPO_ROOT);
  const database = config.databaseUrl ? 'Postgres (DATABASE_URL)' : 'embedded PGlite';
  console.error(`bench: starting the dev stack on ${database} in ${config.dataDir}`);
  const startedAt = Date.now();
  // Every child started is stopped at the end, also when a later one fails to start.
  const started: BenchChild[] = [];
  const start = async (script: string, options: Parameters<typeof BenchChild.start>[1]) => {
    const child = await BenchChild.start(script, options);
    started.push(child);
    return child;
  };
  const rows: Measurement[] = [];
  try {
    const stack = await start(here('./stack-process.js'), {
      name: 'dev stack',
      env: await stackEnv(config),
      execArgv: [
        ...(config.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${config.cpuProfileDir}`] : []),
        ...config.stackFlags,
      ],
    });
    console.error(`bench: stack up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    const ceiling = await start(here('./ceiling-server.js'), {
      name: 'ceiling server',
      env: config.childEnv,
    });
    const floor = await start(here('./floor-server.js'), {
      name: 'SDK floor server',
      env: config.childEnv,
    });
    const servers: Record<Scenario['target'], BenchChild> = { ceiling, floor, mcp: stack };
    // Idle memory after a warm start, as `npm start` leaves it, before any request.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = await stack.usage();
    const picked = SCENARIOS.filter(
      (s) => config.only.length === 0 || config.only.some((part) => s.name.includes(part)),
    );
    // A bare route sized by another row runs only with that row.
    const chosen = picked.filter(
      (s) => s.answerSizeOf === undefined || picked.some((other) => other.name === s.answerSizeOf),
    );
    // The ceiling before every MCP row and once after the last: the machine's state drifts during
    // a run (the ceiling alone moved by a quarter between the start and the end of one), so each
    // row is compared with the ceiling measured right around it.
    const sequence = [...chosen.flatMap((scenario) => [CEILING, scenario]), CEILING];
    // The size of each row's answer, for a bare route answering as many bytes.
    const answerBytes = new Map<string, number>();
    for (const scenario of sequence) {
      const server = servers[scenario.target];
      const url = `${server.url}${scenario.path ?? ''}`;
      const headers =
        scenario.target === 'mcp'
          ? { ...scenario.headers, authorization: `Bearer ${await stack.token()}` }
          : scenario.headers;
      const body =
        scenario.answerSizeOf === undefined
          ? scenario.body
          : { ...scenario.body, params: { answerBytes: answerBytes.get(scenario.answerSizeOf) } };
      answerBytes.set(scenario.name, await checkOnce(scenario, url, headers, body));
      if (config.warmupSeconds > 0) {
        await load(url, headers, body, config.connections, config.warmupSeconds);
      }
      console.error(`bench: ${scenario.name}…`);
      const before = await server.usage();
      const result = await load(url, headers, body, config.connections, config.durationSeconds);
      const after = await server.usage();
      rows.push({
        name: scenario.name,
        ceiling: scenario === CEILING,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        rssBytes: after.rss,
        cpuMicrosPerRequest: cpuPerRequest(
          before.cpuMicros,
          after.cpuMicros,
          result.requests.total,
        ),
        systemMicrosPerRequest: cpuPerRequest(
          before.systemMicros,
          after.systemMicros,
          result.requests.total,
        ),
        ...(scenario.floor === undefined ? {} : { floor: scenario.floor }),
      });
    }
    console.log(
      `\n${config.connections} connections, ${config.durationSeconds} s per row after ${config.warmupSeconds} s warm-up, ${database}, loopback\n`,
    );
    console.log(formatTable(rows));
    console.log(
      `\nstack idle after a warm start: RSS ${formatMegabytes(idle.rss)}, heap ${formatMegabytes(idle.heapUsed)}, outside the heap ${formatMegabytes(idle.external)}`,
    );
    if (config.soakSeconds > 0) await soak(stack, config);
  } finally {
    for (const child of started.reverse()) await child.stop();
  }
  if (config.cpuProfileDir)
    console.log(`\nCPU profile of the stack written to ${config.cpuProfileDir}`);
}

/**
 * list_workbooks load for `soakSeconds`, the server's memory (RSS, and the V8 heap and the memory
 * outside it, to tell which part moves), latency and CPU per request sampled every chunk.
 */
async function soak(stack: BenchChild, config: BenchConfig): Promise<void> {
  const scenario = SCENARIOS.find((s) => s.name.startsWith('tools/call list_workbooks'));
  if (!scenario) return;
  const chunk = Math.min(30, config.soakSeconds);
  const samples: number[] = [(await stack.usage()).rss];
  console.log(`\nsoak: ${config.soakSeconds} s of list_workbooks, RSS every ${chunk} s`);
  for (let spent = 0; spent < config.soakSeconds; spent += chunk) {
    const headers = { ...scenario.headers, authorization: `Bearer ${await stack.token()}` };
    const before = await stack.usage();
    const result = await load(stack.url, headers, scenario.body, config.connections, chunk);
    const { rss, heapUsed, external, cpuMicros } = await stack.usage();
    samples.push(rss);
    console.log(
      `  ${spent + chunk} s: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server CPU ${cpuPerRequest(before.cpuMicros, cpuMicros, result.requests.total).toFixed(0)} µs per request, RSS ${formatMegabytes(rss)} (V8 heap ${formatMegabytes(heapUsed)}, outside it ${formatMegabytes(external)}), errors ${result.errors + result.non2xx}`,
    );
  }
  const band = memoryBand(samples.slice(1));
  console.log(
    `soak RSS: first ${formatMegabytes(samples[0])}, under load ${formatMegabytes(band.low)}–${formatMegabytes(band.high)} (±${band.plusMinusPercent.toFixed(1)}% around the middle)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
