import { FINISHED_TURN_STATUSES } from '@ask-analyst/protocol';
import { getTurn, type Queryable, type TurnRecord } from '@ask-analyst/workspace';
import type { TurnWatch } from './turn-events.js';

/** How often a waiting call re-reads the turn, for changes made by other replicas. */
const POLL_MS = 400;

export function isFinished(turn: TurnRecord): boolean {
  return FINISHED_TURN_STATUSES.includes(turn.status);
}

/**
 * Waits up to `waitMs` for a turn to finish (SPEC section 4). `watch` was opened before `turn` was
 * read or created, so this process's changes since then arrive through it at once, without a read;
 * the database is re-read at least every 400 ms for other replicas' changes. Calls `onChange` with
 * each new state seen; returns the turn as it stands when finished, when time is up or when
 * `signal` aborts.
 */
export async function waitForTurn(
  db: Queryable,
  watch: TurnWatch,
  turn: TurnRecord,
  waitMs: number,
  options: { signal?: AbortSignal; onChange?: (turn: TurnRecord) => Promise<void> } = {},
): Promise<TurnRecord> {
  const deadline = Date.now() + waitMs;
  let current = turn;
  let seen = fingerprint(turn);
  let readAt = Date.now();
  const observe = async (next: TurnRecord | null) => {
    if (!next) return;
    current = next;
    const print = fingerprint(next);
    if (print !== seen) {
      seen = print;
      await options.onChange?.(next);
    }
  };
  while (!isFinished(current) && !options.signal?.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const untilRead = readAt + POLL_MS - Date.now();
    if (untilRead <= 0) {
      readAt = Date.now();
      await observe(await getTurn(db, current.id));
      continue;
    }
    await observe(await watch.next(Math.min(left, untilRead), options.signal));
  }
  return current;
}

function fingerprint(turn: TurnRecord): string {
  return `${turn.status}|${turn.progress?.step ?? ''}`;
}
