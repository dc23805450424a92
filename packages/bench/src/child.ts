import { fork, type ChildProcess } from 'node:child_process';
import type { ChildMessage, ParentMessage } from './messages.js';

/** A child process of the bench, spoken to over IPC. */
export class BenchChild {
  private constructor(
    private readonly process: ChildProcess,
    readonly url: string,
  ) {}

  /** Forks `script` and waits until it says it is ready (or failed, or exited). */
  static async start(
    script: string,
    options: { env: NodeJS.ProcessEnv; execArgv?: string[]; name: string },
  ): Promise<BenchChild> {
    const child = fork(script, [], {
      env: options.env,
      execArgv: options.execArgv ?? [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`${options.name} exited (${code}) before ready`)),
      );
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.url);
        if (message.type === 'failed') reject(new Error(`${options.name}: ${message.message}`));
      });
    });
    return new BenchChild(child, url);
  }

  private ask<T extends ChildMessage['type']>(
    question: ParentMessage,
    answer: T,
  ): Promise<Extract<ChildMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type !== answer) return;
        this.process.off('message', onMessage);
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      this.process.on('message', onMessage);
      this.process.send(question);
    });
  }

  /** A fresh access token for the demo user Ada (stack child only). */
  async token(): Promise<string> {
    return (await this.ask({ type: 'token' }, 'token')).token;
  }

  /**
   * Resident set size, V8 heap in use and memory outside the V8 heap (buffers, and the embedded
   * database's WebAssembly memory), in bytes, and the CPU time it has used (µs), user and system
   * together and system alone (in the kernel: socket writes and reads, file system calls).
   */
  async usage(): Promise<{
    rss: number;
    heapUsed: number;
    external: number;
    cpuMicros: number;
    systemMicros: number;
  }> {
    const { rss, heapUsed, external, cpuMicros, systemMicros } = await this.ask(
      { type: 'usage' },
      'usage',
    );
    return { rss, heapUsed, external, cpuMicros, systemMicros };
  }

  /** Asks for a graceful stop and waits for the exit (a CPU profile is written then). */
  async stop(): Promise<void> {
    // Gone already (exited, or killed by a signal): nothing to ask, nothing to wait for.
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    if (!this.process.connected) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.send({ type: 'stop' } satisfies ParentMessage);
    await exited;
  }
}
