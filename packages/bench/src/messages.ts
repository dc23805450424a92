/** What the bench's child processes and the bench say to each other over Node's IPC channel. */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'token'; token: string }
  | {
      type: 'usage';
      rss: number;
      heapUsed: number;
      external: number;
      cpuMicros: number;
      systemMicros: number;
    }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'token' } | { type: 'usage' } | { type: 'stop' };
