#!/usr/bin/env node
// The two commands of the README on a fresh machine with only Node and npm:
//   npm start  -> install what is missing, build, start the whole dev stack
//   npm test   -> install what is missing, build, run every package's tests, print one summary line
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const command = process.argv[2];

/** Packages whose tests exercise the database and so also run against a Postgres server. */
const POSTGRES_PACKAGES = [
  '@ask-analyst/workspace',
  '@ask-analyst/service',
  '@ask-analyst/ops',
  '@ask-analyst/dev-auth',
  '@ask-analyst/mcp-server',
];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function hasPnpm() {
  const result = spawnSync('pnpm', ['--version'], { stdio: 'ignore' });
  return result.status === 0;
}

function ensurePnpm() {
  if (hasPnpm()) return;
  console.log('pnpm not found: installing pnpm@10 with npm');
  if (run('npm', ['install', '--global', 'pnpm@10']) !== 0 || !hasPnpm()) {
    console.error('Could not install pnpm. Install it yourself (npm i -g pnpm@10) and run again.');
    process.exit(1);
  }
}

function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const frozen = existsSync(lock) ? ['--frozen-lockfile'] : [];
  if (!existsSync(stamp) || process.env.CI) must('pnpm', ['install', ...frozen]);
}

function summarize(reportDir) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of existsSync(reportDir) ? readdirSync(reportDir) : []) {
    const report = JSON.parse(readFileSync(join(reportDir, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return { passed, failed, skipped };
}

ensurePnpm();
ensureDependencies();

if (command === 'start') {
  must('pnpm', ['turbo', 'run', 'build', '--output-logs=errors-only']);
  process.exit(run('node', ['packages/dev-stack/dist/main.js', ...process.argv.slice(3)]));
} else if (command === 'test') {
  const reportDir = join(root, '.test-reports');
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const { TEST_DATABASE_URL: givenUrl, ...rest } = process.env;
  const env = { ...rest, TEST_REPORT_DIR: reportDir };
  must('pnpm', ['turbo', 'run', 'build', 'typecheck', 'lint', '--output-logs=errors-only'], {
    env,
  });
  // Formatting is checked with the lint: `pnpm format` writes it.
  must('pnpm', ['run', 'format:check'], { env });
  let postgresUrl = givenUrl;
  let stopPostgres = () => {};
  if (!postgresUrl) {
    // From the workspace package's test helpers, built just above (one implementation for the
    // store tests' server and the fault tests' own).
    const { startThrowawayPostgres } =
      await import('../packages/workspace/dist/testing/postgres-server.js');
    const server = await startThrowawayPostgres({ maxConnections: 200 });
    if ('url' in server) {
      console.log(`Started a throwaway Postgres server for the store tests at ${server.url}`);
      postgresUrl = server.url;
      stopPostgres = () => server.destroySync();
      process.on('exit', () => stopPostgres());
      for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
    } else if (process.env.CI) {
      console.error(
        `No Postgres server for the store tests: ${server.skipped}. CI must run them on Postgres.`,
      );
      process.exit(1);
    } else {
      console.log(
        `\n!! No Postgres server for the store tests: ${server.skipped}. They run on the embedded database only.\n`,
      );
    }
  }
  // Every package on the embedded database first; then, when a Postgres server is named, the
  // packages whose tests touch the store run again against it.
  let status = run('pnpm', ['turbo', 'run', 'test', '--concurrency=1', '--continue'], { env });
  if (postgresUrl) {
    console.log(`\nStore tests again on the Postgres server at TEST_DATABASE_URL`);
    const pgEnv = { ...env, TEST_DATABASE_URL: postgresUrl, TEST_REPORT_SUFFIX: 'postgres' };
    for (const pkg of POSTGRES_PACKAGES) {
      status = run('pnpm', ['--filter', pkg, 'test'], { env: pgEnv }) || status;
    }
    stopPostgres();
    stopPostgres = () => {};
  }
  const { passed, failed, skipped } = summarize(reportDir);
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(status !== 0 || failed > 0 ? 1 : 0);
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
