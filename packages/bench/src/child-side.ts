/**
 * The child's side of the bench's IPC channel, the same in every child (the stack, the ceiling,
 * the SDK floor): start-up failures told to the bench, its questions answered, its stop obeyed.
 */
import type { ChildMessage, ParentMessage } from './messages.js';

const send = (message: ChildMessage) => process.send?.(message);

/** Runs a child's start-up; a failure is told to the bench and ends the process. */
export function runBenchChild(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}

/**
 * Says the child is ready at `url`, then answers the bench: its memory and CPU used so far, a
 * token when the child can mint one, and a stop (`close`, then exit). When the bench is gone
 * without a stop (it exited or was killed), the child closes and exits too instead of living on.
 */
export function serveBench(options: {
  url: string;
  close: () => Promise<void>;
  token?: () => Promise<string>;
}): void {
  const { close, token } = options;
  process.on('disconnect', () => void close().then(() => process.exit(1)));
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'usage') send(usage());
    if (message.type === 'token' && token) {
      token().then(
        (value) => send({ type: 'token', token: value }),
        (error: unknown) => send({ type: 'failed', message: String(error) }),
      );
    }
    if (message.type === 'stop') void close().then(() => process.exit(0));
  });
  send({ type: 'ready', url: options.url });
}

function usage(): ChildMessage {
  const { rss, heapUsed, external } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  return { type: 'usage', rss, heapUsed, external, cpuMicros: user + system, systemMicros: system };
}
