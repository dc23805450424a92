import { EventEmitter } from 'node:events';
import type { TurnRecord } from '@ask-analyst/workspace';

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

  /** Resolves with the next change of the turn, or null when `ms` pass or `signal` aborts first. */
  next(turnId: string, ms: number, signal?: AbortSignal): Promise<TurnRecord | null> {
    return new Promise((resolve) => {
      const done = (value: TurnRecord | null) => {
        clearTimeout(timer);
        this.emitter.off(turnId, onChange);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onChange = (turn: TurnRecord) => done(turn);
      const onAbort = () => done(null);
      const timer = setTimeout(() => done(null), ms);
      this.emitter.on(turnId, onChange);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
