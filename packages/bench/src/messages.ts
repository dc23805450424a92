/** What the bench's child processes and the bench say to each other over Node's IPC channel. */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'token'; token: string }
  | { type: 'usage'; rss: number; heapUsed: number; external: number; cpuMicros: number }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'token' } | { type: 'usage' } | { type: 'stop' };

/** Answers the bench's question about memory and CPU used so far the same way in every child. */
export function usageAnswer(): ChildMessage {
  const { rss, heapUsed, external } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  return { type: 'usage', rss, heapUsed, external, cpuMicros: user + system };
}
