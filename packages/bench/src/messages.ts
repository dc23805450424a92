/** What the bench's child processes and the bench say to each other over Node's IPC channel. */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'token'; token: string }
  | { type: 'memory'; rss: number; heapUsed: number; cpuMicros: number }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'token' } | { type: 'memory' } | { type: 'stop' };

/** Answers the bench's memory question the same way in every child, with the CPU used so far. */
export function memoryAnswer(): ChildMessage {
  const { rss, heapUsed } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  return { type: 'memory', rss, heapUsed, cpuMicros: user + system };
}
