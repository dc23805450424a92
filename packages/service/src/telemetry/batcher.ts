import type { ToolCallRecord, TelemetrySink } from './record.js';

export interface TelemetryBatcherOptions {
  /** Stores a batch (one statement); a rejection keeps the batch for the next attempt. */
  write: (records: readonly ToolCallRecord[]) => Promise<void>;
  /** How long a record may wait before its batch is written. */
  flushDelayMs?: number;
  /** Records per write; a full batch is written at once. */
  maxBatch?: number;
  /** Records held while the database refuses writes; past it the oldest are dropped (logged). */
  maxPending?: number;
  onError?: (error: unknown, pending: number) => void;
  onDrop?: (dropped: number) => void;
}

/** Telemetry written in batches, off the reply path; `close()` writes what is left. */
export interface TelemetryBatcher {
  sink: TelemetrySink;
  /** Writes every record accepted so far (retrying once on failure); resolves when done. */
  flush(): Promise<void>;
  /** Stops the timer and flushes (graceful shutdown: nothing accepted is lost). */
  close(): Promise<void>;
  readonly pending: number;
}

/**
 * Collects tool-call records (SPEC section 7: every call is recorded) and writes them in batches,
 * so a call's reply never waits for a telemetry insert and a busy server makes one insert per
 * batch instead of one per call. A failed write keeps its records for the next attempt.
 */
export function createTelemetryBatcher(options: TelemetryBatcherOptions): TelemetryBatcher {
  const flushDelayMs = options.flushDelayMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const maxPending = options.maxPending ?? 100_000;
  let queue: ToolCallRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void drain().catch(() => undefined);
    }, flushDelayMs);
    timer.unref();
  };

  const writeOnce = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      try {
        await options.write(batch);
      } catch (error) {
        options.onError?.(error, queue.length);
        throw error;
      }
      queue = queue.slice(batch.length);
    }
  };

  /** One writer at a time; records that arrive meanwhile are written by the same loop. */
  const drain = (): Promise<void> => {
    writing ??= writeOnce().finally(() => {
      writing = undefined;
      if (queue.length > 0) schedule();
    });
    return writing;
  };

  const sink: TelemetrySink = (record) => {
    queue.push(record);
    if (queue.length > maxPending) {
      const dropped = queue.length - maxPending;
      queue = queue.slice(dropped);
      options.onDrop?.(dropped);
    }
    if (queue.length >= maxBatch) void drain().catch(() => undefined);
    else schedule();
    return Promise.resolve();
  };

  const flush = async () => {
    if (writing) await writing.catch(() => undefined);
    try {
      await drain();
    } catch {
      await drain();
    }
  };

  return {
    sink,
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
    get pending() {
      return queue.length;
    },
  };
}
