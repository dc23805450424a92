import type { Queryable } from '../db/database.js';
import { toIso, toIsoOrNull } from '../db/rows.js';
import { newId } from '../ids/ids.js';

export type TurnStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** One question of a conversation and what became of it. `answer` is the analyst's JSON. */
export interface TurnRecord {
  id: string;
  conversationId: string;
  /** 0 for the first turn of a conversation. */
  index: number;
  question: string;
  status: TurnStatus;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: { step: string; message: string } | null;
  answer: unknown;
  /** `alternatives`: questions to ask instead, kept as the runner wrote them (SPEC 4). */
  error: { code: string; message: string; alternatives?: unknown } | null;
  /**
   * The plan the client passed with the question (SPEC 4), answered as given; null when none
   * (optional so records built before it, in tests say, stay valid).
   */
  plan?: unknown;
}

/** Fields of a turn that change as it runs; absent fields stay as they are. */
export interface TurnPatch {
  status?: TurnStatus;
  startedAt?: Date | null;
  finishedAt?: Date | null;
  progress?: { step: string; message: string } | null;
  answer?: unknown;
  error?: { code: string; message: string; alternatives?: unknown } | null;
}

interface TurnRow {
  id: string;
  conversation_id: string;
  index: number;
  question: string;
  status: TurnStatus;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  progress: TurnRecord['progress'];
  answer: unknown;
  error: TurnRecord['error'];
  plan: unknown;
}

const COLUMNS =
  'id, conversation_id, index, question, status, created_at, started_at, finished_at, progress, answer, error, plan';

function toRecord(row: TurnRow): TurnRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    index: row.index,
    question: row.question,
    status: row.status,
    createdAt: toIso(row.created_at),
    startedAt: toIsoOrNull(row.started_at),
    finishedAt: toIsoOrNull(row.finished_at),
    progress: row.progress ?? null,
    answer: row.answer ?? null,
    error: row.error ?? null,
    plan: row.plan ?? null,
  };
}

/** A claim taken as a turn is created: the turn starts `running` under `owner` at once. */
export interface TurnClaim {
  /** The process that runs it (see `claimNextTurn`). */
  owner: string;
  leaseSeconds: number;
  /** The step it starts at. */
  progress: { step: string; message: string };
}

/**
 * Appends a turn to a conversation with the next index and marks the conversation as active, in one
 * statement. With `claim`, the turn starts `running` under the claim's owner (lease, first attempt)
 * when no other turn of the conversation is queued or running (SPEC section 4: one at a time), and
 * `queued` otherwise. Two concurrent appends to one conversation collide on the (conversation,
 * index) key; run it in a transaction and retry, or serialise per conversation.
 */
export async function createTurn(
  db: Queryable,
  input: {
    conversationId: string;
    question: string;
    status?: TurnStatus;
    id?: string;
    claim?: TurnClaim;
    /** The client's plan (SPEC 4): checked by the caller, kept as given. */
    plan?: unknown;
  },
): Promise<TurnRecord> {
  const { claim } = input;
  const { rows } = await db.query<TurnRow>(
    `with state as (
       select case when $5::text is not null and not exists (
                select 1 from turns where conversation_id = $2 and status in ('queued', 'running'))
              then 'running' else $4 end as status),
     inserted as (
       insert into turns (id, conversation_id, index, question, status, started_at, lease_owner,
                          lease_expires_at, attempts, progress, plan)
       select $1, $2, (select coalesce(max(index) + 1, 0) from turns where conversation_id = $2), $3,
         s.status,
         case when s.status = 'running' then now() end,
         case when s.status = 'running' then $5 end,
         case when s.status = 'running' then now() + make_interval(secs => $6) end,
         case when s.status = 'running' then 1 else 0 end,
         case when s.status = 'running' then $7::jsonb end,
         $8::jsonb
       from state s
       returning ${COLUMNS}),
     touched as (update conversations set updated_at = now() where id = $2)
     select ${COLUMNS} from inserted`,
    [
      input.id ?? newId('turn'),
      input.conversationId,
      input.question,
      input.status ?? 'queued',
      claim?.owner ?? null,
      claim?.leaseSeconds ?? 0,
      claim ? JSON.stringify(claim.progress) : null,
      input.plan === undefined || input.plan === null ? null : JSON.stringify(input.plan),
    ],
  );
  return toRecord(rows[0]!);
}

/** The turn with this id, or null. */
export async function getTurn(db: Queryable, id: string): Promise<TurnRecord | null> {
  const { rows } = await db.query<TurnRow>(`select ${COLUMNS} from turns where id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** A conversation's turns, first to last. */
export async function listTurns(db: Queryable, conversationId: string): Promise<TurnRecord[]> {
  const { rows } = await db.query<TurnRow>(
    `select ${COLUMNS} from turns where conversation_id = $1 order by index`,
    [conversationId],
  );
  return rows.map(toRecord);
}

/** A conversation's last turn, or null when it has none. */
export async function getLatestTurn(
  db: Queryable,
  conversationId: string,
): Promise<TurnRecord | null> {
  const { rows } = await db.query<TurnRow>(
    `select ${COLUMNS} from turns where conversation_id = $1 order by index desc limit 1`,
    [conversationId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Turns in these states, oldest first (e.g. `running` ones to recover after a restart). */
export async function listTurnsByStatus(
  db: Queryable,
  statuses: TurnStatus[],
): Promise<TurnRecord[]> {
  const { rows } = await db.query<TurnRow>(
    `select ${COLUMNS} from turns where status = any($1::text[]) order by created_at, id`,
    [statuses],
  );
  return rows.map(toRecord);
}

const PATCHABLE: Array<[keyof TurnPatch, string, 'json' | 'plain']> = [
  ['status', 'status', 'plain'],
  ['startedAt', 'started_at', 'plain'],
  ['finishedAt', 'finished_at', 'plain'],
  ['progress', 'progress', 'json'],
  ['answer', 'answer', 'json'],
  ['error', 'error', 'json'],
];

/** `column = $n` assignments of a patch, its values appended to `params`. */
function assignments(patch: TurnPatch, params: unknown[]): string[] {
  const sets: string[] = [];
  for (const [key, column, kind] of PATCHABLE) {
    if (!(key in patch)) continue;
    const value = patch[key];
    params.push(kind === 'json' && value != null ? JSON.stringify(value) : (value ?? null));
    sets.push(`${column} = $${params.length}${kind === 'json' ? '::jsonb' : ''}`);
  }
  return sets;
}

/**
 * One statement that updates turns matching `where` with `sets` and marks their conversations as
 * active now (a data-modifying CTE: both happen or neither).
 */
async function updateAndTouch(
  db: Queryable,
  sets: string[],
  where: string,
  params: unknown[],
): Promise<TurnRecord | null> {
  return (await updateTouchAndLookBehind(db, sets, where, params))?.turn ?? null;
}

/** `updateAndTouch`, also telling whether another turn of the conversation waits in the queue. */
async function updateTouchAndLookBehind(
  db: Queryable,
  sets: string[],
  where: string,
  params: unknown[],
): Promise<{ turn: TurnRecord; queuedBehind: boolean } | null> {
  const { rows } = await db.query<TurnRow & { queued_behind: boolean }>(
    `with changed as (update turns set ${sets.join(', ')} where ${where} returning ${COLUMNS}),
     touched as (update conversations set updated_at = now()
                 where id in (select conversation_id from changed))
     select ${COLUMNS}, exists (select 1 from turns q where q.status = 'queued'
                                and q.conversation_id = changed.conversation_id) as queued_behind
     from changed`,
    params,
  );
  const row = rows[0];
  return row ? { turn: toRecord(row), queuedBehind: row.queued_behind } : null;
}

/**
 * Changes a turn; with `onlyIfStatus` only while it is in one of those states (so a cancelled turn
 * is not overwritten by a late result). Null when no turn was changed.
 */
export async function updateTurn(
  db: Queryable,
  id: string,
  patch: TurnPatch,
  onlyIfStatus?: TurnStatus[],
): Promise<TurnRecord | null> {
  const params: unknown[] = [id];
  const sets = assignments(patch, params);
  if (sets.length === 0) return getTurn(db, id);
  let where = 'id = $1';
  if (onlyIfStatus) {
    params.push(onlyIfStatus);
    where += ` and status = any($${params.length}::text[])`;
  }
  return updateAndTouch(db, sets, where, params);
}

/**
 * Claims the oldest queued turn that may run now for `owner` (a process), marking it `running`
 * with a lease of `leaseSeconds`: the first queued turn of its conversation, and only while no
 * other turn of that conversation runs (SPEC section 4: one turn at a time). Safe with several
 * replicas on one database (`for update skip locked`). Null when nothing waits.
 */
export async function claimNextTurn(
  db: Queryable,
  owner: string,
  leaseSeconds: number,
): Promise<TurnRecord | null> {
  const { rows } = await db.query<TurnRow>(
    `update turns set status = 'running', started_at = coalesce(started_at, now()),
       lease_owner = $1, lease_expires_at = now() + make_interval(secs => $2),
       attempts = attempts + 1
     where id = (
       select t.id from turns t
       where t.status = 'queued'
         and not exists (select 1 from turns r
                         where r.conversation_id = t.conversation_id and r.status = 'running')
         and not exists (select 1 from turns e
                         where e.conversation_id = t.conversation_id and e.status = 'queued'
                           and e.index < t.index)
       order by t.created_at, t.id
       limit 1
       for update skip locked
     ) and status = 'queued'
     returning ${COLUMNS}`,
    [owner, leaseSeconds],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Extends the lease of a turn `owner` runs. False when the turn is no longer running under that
 * owner (cancelled, or recovered by another replica): the owner must stop working on it.
 */
export async function renewTurnLease(
  db: Queryable,
  id: string,
  owner: string,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await db.query(
    `update turns set lease_expires_at = now() + make_interval(secs => $3)
     where id = $1 and lease_owner = $2 and status = 'running'`,
    [id, owner, leaseSeconds],
  );
  return result.rowCount === 1;
}

/**
 * Changes a turn `owner` runs, only while it still runs under that owner (a cancelled turn is not
 * overwritten by a late result), in one statement. Finishing states release the lease. Null when
 * nothing changed.
 */
export async function updateLeasedTurn(
  db: Queryable,
  id: string,
  owner: string,
  patch: TurnPatch,
): Promise<TurnRecord | null> {
  const params: unknown[] = [id, owner];
  const sets = assignments(patch, params);
  if (patch.status !== undefined && patch.status !== 'running') {
    sets.push('lease_owner = null', 'lease_expires_at = null');
  }
  if (sets.length === 0) return getTurn(db, id);
  return updateAndTouch(db, sets, `id = $1 and lease_owner = $2 and status = 'running'`, params);
}

/**
 * Ends a turn `owner` runs (succeeded, failed or cancelled, with its answer or error) and releases
 * its lease, in one statement, only while it still runs under that owner. Says whether another turn
 * of its conversation waits in the queue (the next to claim). Null when nothing changed.
 */
export async function finishLeasedTurn(
  db: Queryable,
  id: string,
  owner: string,
  patch: TurnPatch & { status: 'succeeded' | 'failed' | 'cancelled' },
): Promise<{ turn: TurnRecord; queuedBehind: boolean } | null> {
  const params: unknown[] = [id, owner];
  const sets = [...assignments(patch, params), 'lease_owner = null', 'lease_expires_at = null'];
  return updateTouchAndLookBehind(
    db,
    sets,
    `id = $1 and lease_owner = $2 and status = 'running'`,
    params,
  );
}

/** Puts a turn `owner` runs back in the queue (graceful shutdown): another process re-runs it. */
export async function requeueTurn(db: Queryable, id: string, owner: string): Promise<boolean> {
  const result = await db.query(
    `update turns set status = 'queued', lease_owner = null, lease_expires_at = null,
       attempts = greatest(attempts - 1, 0), progress = null
     where id = $1 and lease_owner = $2 and status = 'running'`,
    [id, owner],
  );
  return result.rowCount === 1;
}

/**
 * Turns left `running` by a process that stopped (lease expired, or owned by `deadOwner`): re-queued
 * while they have had fewer than `maxAttempts` runs, else failed `interrupted`, so no turn stays
 * `running` (SPEC section 4). Returns how many of each.
 */
export async function recoverAbandonedTurns(
  db: Queryable,
  maxAttempts: number,
  deadOwner?: string,
): Promise<{ requeued: number; failed: number }> {
  const abandoned = `status = 'running' and (lease_expires_at is null or lease_expires_at < now()
    or lease_owner = $2)`;
  const failed = await db.query(
    `update turns set status = 'failed', finished_at = now(), lease_owner = null,
       lease_expires_at = null, progress = null,
       error = jsonb_build_object('code', 'interrupted', 'message',
         'The analysis was interrupted twice while it ran (the service restarted). Ask again.')
     where ${abandoned} and attempts >= $1`,
    [maxAttempts, deadOwner ?? null],
  );
  const requeued = await db.query(
    `update turns set status = 'queued', lease_owner = null, lease_expires_at = null, progress = null
     where ${abandoned} and attempts < $1`,
    [maxAttempts, deadOwner ?? null],
  );
  return { requeued: requeued.rowCount, failed: failed.rowCount };
}

/** How many of a user's turns are queued or running, in all their conversations. */
export async function countUnfinishedTurns(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `select count(*) as n from turns t join conversations c on c.id = t.conversation_id
     where c.user_id = $1 and t.status in ('queued', 'running')`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}
