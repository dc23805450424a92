/** What the bench's child processes and the bench say to each other over Node's IPC channel. */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'token'; token: string }
  | { type: 'memory'; rss: number; heapUsed: number }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'token' } | { type: 'memory' } | { type: 'stop' };

/** Answers the bench's memory question the same way in every child. */
export function memoryAnswer(): ChildMessage {
  const { rss, heapUsed } = process.memoryUsage();
  return { type: 'memory', rss, heapUsed };
}
