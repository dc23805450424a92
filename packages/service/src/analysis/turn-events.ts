import { EventEmitter } from 'node:events';
import type { TurnRecord } from '@ask-analyst/workspace';

/** A subscription to one turn's changes; open it before the turn can change, close it when done. */
export interface TurnWatch {
  /**
   * The latest change since the previous call, at once when one arrived meanwhile; else the next
   * one, or null when `ms` pass or `signal` aborts first.
   */
  next(ms: number, signal?: AbortSignal): Promise<TurnRecord | null>;
  close(): void;
}

/**
 * Changes of turns this process made (progress, finish, cancel), so waiting callers wake at once.
 * Other replicas' changes are seen by polling the database (see `waitForTurn`).
 */
export class TurnEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(turn: TurnRecord): void {
    this.emitter.emit(turn.id, turn);
  }

  /**
   * Subscribes to a turn's changes. Changes are kept (the latest one) between `next` calls, so a
   * caller busy with one change does not miss the following one.
   */
  watch(turnId: string): TurnWatch {
    let pending: TurnRecord | null = null;
    let wake: (() => void) | null = null;
    const onChange = (turn: TurnRecord) => {
      pending = turn;
      wake?.();
    };
    this.emitter.on(turnId, onChange);
    return {
      next: async (ms, signal) => {
        if (!pending && ms > 0 && !signal?.aborted) {
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', done);
              wake = null;
              resolve();
            };
            const timer = setTimeout(done, ms);
            signal?.addEventListener('abort', done, { once: true });
            wake = done;
          });
        }
        const change = pending;
        pending = null;
        return change;
      },
      close: () => {
        this.emitter.off(turnId, onChange);
        wake?.();
      },
    };
  }
}
