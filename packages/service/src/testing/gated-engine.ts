import { DataError, type WorksheetEngine } from '@ask-analyst/workspace';

/** A real worksheet engine whose analysis queries can be held at a gate, to time turns in tests. */
export interface GatedEngine {
  engine: WorksheetEngine;
  /** Queries started from now on wait until `release()` (or until their signal aborts). */
  hold(): void;
  release(): void;
  /** Queries waiting at the gate now. */
  waiting(): number;
  /** Signals of the queries that were aborted while waiting. */
  aborted: number;
}

/**
 * Wraps the real engine: every method is the engine's own; `query` may wait at a gate first, and
 * honours its abort signal there as the engine does while running (`cancelled`).
 */
export function gatedEngine(engine: WorksheetEngine): GatedEngine {
  let holding = false;
  const queue: Array<() => void> = [];
  const gated: GatedEngine = {
    engine: undefined as unknown as WorksheetEngine,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const go of queue.splice(0)) go();
    },
    waiting: () => queue.length,
    aborted: 0,
  };
  const query: WorksheetEngine['query'] = async (sql, params, views, options = {}) => {
    if (holding) {
      await new Promise<void>((resolve, reject) => {
        const go = () => resolve();
        queue.push(go);
        options.signal?.addEventListener(
          'abort',
          () => {
            queue.splice(queue.indexOf(go), 1);
            gated.aborted += 1;
            reject(new DataError('cancelled', 'the query was cancelled'));
          },
          { once: true },
        );
      });
    }
    return engine.query(sql, params, views, options);
  };
  gated.engine = new Proxy(engine, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return gated;
}

/** Resolves once `check()` holds, polling every 20 ms for up to `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
