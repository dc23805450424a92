import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** What one `pnpm bench` run does, from its command line and environment (read once, here). */
export interface BenchConfig {
  /** Seconds of measured load per request kind. */
  durationSeconds: number;
  /** Seconds of unmeasured load before each measured run. */
  warmupSeconds: number;
  connections: number;
  /** Seconds of extra list_workbooks load with memory samples (0: none). */
  soakSeconds: number;
  /** Only the request kinds whose name contains one of these (the ceiling always runs). */
  only: string[];
  /** Where the server's `--cpu-prof` profile goes (undefined: not profiled). */
  cpuProfileDir: string | undefined;
  /** Node options the stack's process starts with (`--stack-flags`), e.g. a V8 flag to compare. */
  stackFlags: string[];
  /** The data folder of the stack under test; kept between runs so a run is a warm start. */
  dataDir: string;
  /** Postgres server of the stack under test; undefined for the embedded database. */
  databaseUrl: string | undefined;
  /** The environment the child processes inherit (PATH, HOME…), without bench-only settings. */
  childEnv: NodeJS.ProcessEnv;
}

const Positive = z.coerce.number().int().positive();

const ArgsSchema = z.object({
  duration: Positive.default(10),
  warmup: z.coerce.number().int().min(0).default(2),
  connections: Positive.default(20),
  soak: z.coerce.number().int().min(0).default(0),
  'cpu-prof': z.string().optional(),
  'stack-flags': z.string().optional(),
  only: z.string().optional(),
});

export const USAGE = `pnpm bench [--duration S] [--warmup S] [--connections N] [--soak S] [--cpu-prof DIR] [--only NAME,…] [--stack-flags=…]
  --only ping,tools/call      measures only the requests whose name contains one of these (the ceiling always)
  --stack-flags="--x --y=1"  Node options for the stack's process only (with '=': a value starting with - must be joined)
  DATABASE_URL=postgres://…  runs the stack on that Postgres server instead of the embedded database
  BENCH_DATA_DIR=…           data folder of the stack under test (default .data/bench[-postgres])
pnpm bench --cluster [--duration S] [--connections N]
  the production topology of pnpm cluster through HAProxy with 3, 2 and 1 replicas (default .data/bench-cluster)`;

/** Parses the bench's arguments and environment; throws with the offending option named. */
export function loadBenchConfig(
  argv: string[],
  env: NodeJS.ProcessEnv,
  repoRoot: string,
): BenchConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      soak: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'stack-flags': { type: 'string' },
      only: { type: 'string' },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    throw new Error(`${problems.join('\n')}\n\n${USAGE}`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const defaultDir = resolve(repoRoot, '.data', databaseUrl ? 'bench-postgres' : 'bench');
  const childEnv = { ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.BENCH_DATA_DIR;
  const dataDir = env.BENCH_DATA_DIR;
  return {
    durationSeconds: parsed.data.duration,
    warmupSeconds: parsed.data.warmup,
    connections: parsed.data.connections,
    soakSeconds: parsed.data.soak,
    only: parsed.data.only?.split(',').filter(Boolean) ?? [],
    cpuProfileDir: parsed.data['cpu-prof'] ? resolve(parsed.data['cpu-prof']) : undefined,
    stackFlags: parsed.data['stack-flags']?.split(' ').filter(Boolean) ?? [],
    dataDir: dataDir ? resolve(dataDir) : defaultDir,
    databaseUrl,
    childEnv,
  };
}
