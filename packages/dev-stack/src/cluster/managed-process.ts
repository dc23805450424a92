import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import type { ProcessSpec } from './processes.js';

/** How much of a process's output is kept for failure messages. */
const OUTPUT_KEPT = 200_000;
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** A process of the cluster the launcher started, which it can stop, kill and start again. */
export interface ManagedProcess {
  readonly name: string;
  readonly spec: ProcessSpec;
  readonly pid: number | undefined;
  /** True while the process runs. */
  readonly running: boolean;
  /** What it wrote so far (stdout and stderr), the last 200 KB. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (or signal) once it is gone. */
  kill(signal: NodeJS.Signals): Promise<number | string | null>;
  /** SIGTERM; SIGKILL when it has not exited within 15 s. */
  stop(): Promise<number | string | null>;
  /** Starts it again (same command and environment) and waits until it is ready. */
  start(): Promise<void>;
}

/** Spawns `spec` and, unless `ready` is false, waits until `readyPath` answers below 500. */
export async function startProcess(
  spec: ProcessSpec,
  log: (line: string) => void,
  options: { ready?: boolean } = {},
): Promise<ManagedProcess> {
  let child: ChildProcess | undefined;
  let output = '';
  let exited: Promise<number | string | null> = Promise.resolve(null);
  const append = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_KEPT);
    for (const line of text.split('\n')) if (line.trim()) log(`[${spec.name}] ${line}`);
  };
  const launch = async () => {
    const started = spawn(spec.command, spec.args, {
      env: { PATH: process.env.PATH ?? '', ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', append);
    started.stderr?.on('data', append);
    exited = new Promise((resolve) =>
      started.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    await new Promise<void>((resolve, reject) => {
      started.once('spawn', resolve);
      started.once('error', reject);
    });
    if (options.ready !== false)
      await waitUntilReady(
        spec,
        () => isRunning(started),
        () => output,
      );
  };
  const isRunning = (c: ChildProcess | undefined) =>
    c !== undefined && c.exitCode === null && c.signalCode === null;
  const managed: ManagedProcess = {
    name: spec.name,
    spec,
    get pid() {
      return child?.pid;
    },
    get running() {
      return isRunning(child);
    },
    output: () => output,
    async kill(signal) {
      if (isRunning(child)) child?.kill(signal);
      return exited;
    },
    async stop() {
      if (!isRunning(child)) return exited;
      child?.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async start() {
      if (isRunning(child)) throw new Error(`${spec.name} is already running`);
      await launch();
    },
  };
  await launch();
  return managed;
}

async function waitUntilReady(
  spec: ProcessSpec,
  running: () => boolean,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`${spec.name} exited before it was ready:\n${output()}`);
    const status = await probe(spec.port, spec.readyPath);
    if (status !== null && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${spec.name} was not ready on port ${spec.port} within 90 s`);
}

/** GET http://127.0.0.1:port/path: the status, or null when nothing answers. */
function probe(port: number, path: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
