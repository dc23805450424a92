import type { Queryable } from '../db/database.js';
import { toIso, toIsoOrNull } from '../db/rows.js';
import { newId } from '../ids/ids.js';
import { touchConversation } from './conversations.js';

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
  error: { code: string; message: string } | null;
}

/** Fields of a turn that change as it runs; absent fields stay as they are. */
export interface TurnPatch {
  status?: TurnStatus;
  startedAt?: Date | null;
  finishedAt?: Date | null;
  progress?: { step: string; message: string } | null;
  answer?: unknown;
  error?: { code: string; message: string } | null;
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
}

const COLUMNS =
  'id, conversation_id, index, question, status, created_at, started_at, finished_at, progress, answer, error';

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
  };
}

/**
 * Appends a turn to a conversation with the next index. Two concurrent appends to one conversation
 * collide on the (conversation, index) key; run it in a transaction and retry, or serialise per
 * conversation.
 */
export async function createTurn(
  db: Queryable,
  input: { conversationId: string; question: string; status?: TurnStatus; id?: string },
): Promise<TurnRecord> {
  const { rows } = await db.query<TurnRow>(
    `insert into turns (id, conversation_id, index, question, status)
     values ($1, $2, (select coalesce(max(index) + 1, 0) from turns where conversation_id = $2), $3, $4)
     returning ${COLUMNS}`,
    [input.id ?? newId('turn'), input.conversationId, input.question, input.status ?? 'queued'],
  );
  await touchConversation(db, input.conversationId);
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
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column, kind] of PATCHABLE) {
    if (!(key in patch)) continue;
    const value = patch[key];
    params.push(kind === 'json' && value != null ? JSON.stringify(value) : (value ?? null));
    sets.push(`${column} = $${params.length}${kind === 'json' ? '::jsonb' : ''}`);
  }
  if (sets.length === 0) return getTurn(db, id);
  let where = 'id = $1';
  if (onlyIfStatus) {
    params.push(onlyIfStatus);
    where += ` and status = any($${params.length}::text[])`;
  }
  const { rows } = await db.query<TurnRow>(
    `update turns set ${sets.join(', ')} where ${where} returning ${COLUMNS}`,
    params,
  );
  if (!rows[0]) return null;
  await touchConversation(db, rows[0].conversation_id);
  return toRecord(rows[0]);
}
