#!/usr/bin/env node
// The two commands of the README on a fresh machine with only Node and npm:
//   npm start  -> install what is missing, build, start the whole dev stack
//   npm test   -> install what is missing, build, run every package's tests, print one summary line
// First on the machine's Node: the Debian packages the tests need (npm test), pnpm, the dependencies.
// Then everything runs on a supported Node LTS: the machine's, or the Node 22 binary the dependencies
// brought (this script runs itself again on it, with its folder first on PATH for every child).
// The decisions are in bootstrap/plan.mjs, with their tests.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOnPath, machineFacts, onPath } from './bootstrap/machine.mjs';
import { planNode, planPnpm, planSystemPackages } from './bootstrap/plan.mjs';
import { summarizeReports, summaryLines } from './bootstrap/reports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [command, ...extraArgs] = process.argv.slice(2);
/** Set on the run of this script on the chosen Node: the note that says which Node it is. */
const CHOSEN_NODE = 'ASK_ANALYST_NODE';

/** Packages whose tests exercise the database and so also run against a Postgres server. */
const POSTGRES_PACKAGES = [
  '@ask-analyst/workspace',
  '@ask-analyst/service',
  '@ask-analyst/ops',
  '@ask-analyst/dev-auth',
  '@ask-analyst/mcp-server',
  '@ask-analyst/web',
];

/** The end-to-end tests, run beside every other package's (below). */
const E2E_PACKAGE = '@ask-analyst/e2e';

/**
 * Starts `cmd` with its output (stdout and stderr) going to the file `output`; resolves with its
 * exit status. Nothing is buffered here, so it runs on while this process waits on others.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env @param {string} output
 * @returns {Promise<number>}
 */
function runToFile(cmd, args, env, output) {
  const fd = openSync(output, 'w');
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  // Stopped with this process, whichever way it ends.
  const stop = () => child.kill();
  process.on('exit', stop);
  child.on('close', () => process.off('exit', stop));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      appendFileSync(output, `\n${cmd} did not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function must(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/**
 * Runs a step of a plan; with `quiet`, its output (apt-get's and dpkg's pages of progress) is shown
 * only when it fails.
 * @param {{ command: string, args: string[], env?: Record<string, string> }} step
 * @param {{ quiet?: boolean }} [options]
 */
function mustStep(step, { quiet = false } = {}) {
  const env = { ...process.env, ...step.env };
  if (!quiet) return must(step.command, step.args, { env });
  const result = spawnSync(step.command, step.args, { cwd: root, env, encoding: 'utf8' });
  if (result.status === 0) return;
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  console.error(
    `\n${[step.command, ...step.args].join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
  );
  process.exit(result.status || 1);
}

function ensureSystemPackages() {
  const plan = planSystemPackages(machineFacts());
  if (plan.kind === 'stop') {
    console.error(`\n${plan.message}\n`);
    process.exit(1);
  }
  const started = Date.now();
  if (plan.missing.length > 0) {
    console.log(`Installing Debian's ${plan.missing.join(', ')} for the tests (apt-get)`);
  }
  for (const step of plan.steps) mustStep(step, { quiet: true });
  if (plan.missing.length > 0)
    console.log(`Installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * @param {string} path
 * @returns {unknown}
 */
function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function ensurePnpm() {
  const { packageManager } = /** @type {{ packageManager: string }} */ (
    readJson(join(root, 'package.json'))
  );
  const cacheDir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'ask-analyst');
  const plan = planPnpm({
    pnpmOnPath: onPath('pnpm'),
    uid: process.getuid?.() ?? -1,
    packageManager,
    cacheDir,
  });
  if (plan.kind === 'present') return;
  console.log(`pnpm not found: ${[plan.step.command, ...plan.step.args].join(' ')}`);
  mustStep(plan.step);
  if (plan.binDir) process.env.PATH = `${plan.binDir}${delimiter}${process.env.PATH ?? ''}`;
  if (!onPath('pnpm')) {
    console.error(
      'pnpm is still not on PATH. Install it (npm install --global pnpm@10) and run again.',
    );
    process.exit(1);
  }
}

function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const frozen = existsSync(lock) ? ['--frozen-lockfile'] : [];
  if (!existsSync(stamp) || process.env.CI) must('pnpm', ['install', ...frozen]);
}

/** The Node 22 binary of the npm `node` package, once `pnpm install` has run its postinstall. */
async function node22() {
  const { node22Path } = await import('../tooling/node22/index.js');
  let path;
  try {
    path = node22Path();
  } catch {
    return null;
  }
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return version.status === 0 ? { path, version: version.stdout.trim() } : null;
}

/**
 * Runs `cmd` and passes it the signals this process gets (npm forwards Ctrl+C and `kill` to us);
 * resolves with its exit status.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runForwardingSignals(cmd, args, env) {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, env });
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
    });
  });
}

if (command !== 'start' && command !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}

if (!process.env[CHOSEN_NODE]) {
  if (command === 'test') ensureSystemPackages();
  ensurePnpm();
  ensureDependencies();
  const plan = planNode({ machineVersion: process.version, node22: await node22() });
  if (plan.kind === 'stop') {
    console.error(`\n${plan.message}`);
    process.exit(1);
  }
  if (plan.kind === 'node22') {
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, [CHOSEN_NODE]: plan.note };
    env.PATH = `${dirname(plan.path)}${delimiter}${env.PATH ?? ''}`;
    const script = fileURLToPath(import.meta.url);
    process.exit(await runForwardingSignals(plan.path, [script, command, ...extraArgs], env));
  }
  process.env[CHOSEN_NODE] = plan.note;
}

// From here on, this process runs on the chosen Node; every child finds it first on PATH.
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
console.log(`npm ${command} runs on ${process.env[CHOSEN_NODE]}`);

if (command === 'start') {
  must('pnpm', ['turbo', 'run', 'build', '--output-logs=errors-only']);
  const main = join(root, 'packages/dev-stack/dist/main.js');
  process.exit(await runForwardingSignals(process.execPath, [main, ...extraArgs], process.env));
} else {
  const reportDir = join(root, '.test-reports');
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const { TEST_DATABASE_URL: givenUrl, ...rest } = process.env;
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...rest, TEST_REPORT_DIR: reportDir };
  // The e2e tests look in /usr/bin; a Chromium elsewhere on PATH is named to them.
  env.CHROMIUM_PATH ||= findOnPath('chromium');
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
    const { startThrowawayPostgres } = await import('@ask-analyst/workspace/testing');
    const server = await startThrowawayPostgres({ maxConnections: 200 });
    if ('url' in server) {
      console.log(`Started a throwaway Postgres server for the store tests at ${server.url}`);
      postgresUrl = server.url;
      stopPostgres = () => server.destroySync();
      process.on('exit', () => stopPostgres());
      for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
    } else {
      // Never a silent skip: a run without the Postgres pass would leave half the store tests unrun.
      console.error(
        `\nNo Postgres server for the store tests: ${server.skipped}. Install Debian's postgresql ` +
          "or set TEST_DATABASE_URL to a server's URL, then run npm test again.",
      );
      process.exit(1);
    }
  }
  // The end-to-end tests use about one of the two cores (they wait on browsers, servers and
  // clocks), so they run from the start beside everything else; their output goes to a file,
  // printed when they end.
  const e2eOutput = join(reportDir, 'e2e-output.log');
  const e2e = runToFile('pnpm', ['--filter', E2E_PACKAGE, 'test'], env, e2eOutput);
  // Every other package on the embedded database, one package at a time; then the packages whose
  // tests touch the store, again against the Postgres server.
  let status = run(
    'pnpm',
    ['turbo', 'run', 'test', '--concurrency=1', '--continue', `--filter=!${E2E_PACKAGE}`],
    { env },
  );
  console.log(`\nStore tests again on the Postgres server at TEST_DATABASE_URL`);
  const pgEnv = { ...env, TEST_DATABASE_URL: postgresUrl, TEST_REPORT_SUFFIX: 'postgres' };
  for (const pkg of POSTGRES_PACKAGES) {
    status = run('pnpm', ['--filter', pkg, 'test'], { env: pgEnv }) || status;
  }
  stopPostgres();
  stopPostgres = () => {};
  console.log(`\nThe end-to-end tests, run beside the packages above:\n`);
  const e2eStatus = await e2e;
  process.stdout.write(readFileSync(e2eOutput, 'utf8'));
  status ||= e2eStatus;
  const summary = summarizeReports(reportDir, root);
  console.log(['', ...summaryLines(summary)].join('\n'));
  process.exit(status !== 0 || summary.failed > 0 ? 1 : 0);
}
