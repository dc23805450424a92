import { FINISHED_TURN_STATUSES } from '@ask-analyst/protocol';
import { getTurn, type Queryable, type TurnRecord } from '@ask-analyst/workspace';
import type { TurnEvents } from './turn-events.js';

/** How often a waiting call re-reads the turn, for changes made by other replicas. */
const POLL_MS = 400;

export function isFinished(turn: TurnRecord): boolean {
  return FINISHED_TURN_STATUSES.includes(turn.status);
}

/**
 * Waits up to `waitMs` for a turn to finish (SPEC section 4): wakes on this process's changes at
 * once and re-reads the database every 400 ms for other replicas'. Calls `onChange` with each new
 * state seen; returns the turn as it stands when finished, when time is up or when `signal` aborts.
 */
export async function waitForTurn(
  db: Queryable,
  events: TurnEvents,
  turn: TurnRecord,
  waitMs: number,
  options: { signal?: AbortSignal; onChange?: (turn: TurnRecord) => Promise<void> } = {},
): Promise<TurnRecord> {
  const deadline = Date.now() + waitMs;
  let current = turn;
  let seen = fingerprint(turn);
  while (!isFinished(current) && !options.signal?.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const changed = await events.next(current.id, Math.min(left, POLL_MS), options.signal);
    current = changed ?? (await getTurn(db, current.id)) ?? current;
    const print = fingerprint(current);
    if (print !== seen) {
      seen = print;
      await options.onChange?.(current);
    }
  }
  return current;
}

function fingerprint(turn: TurnRecord): string {
  return `${turn.status}|${turn.progress?.step ?? ''}`;
}
