import type { Queryable } from '../db/database.js';
import { toIso, toNumber } from '../db/rows.js';
import { newId } from '../ids/ids.js';

/** An Ask Analyst conversation of one user in one workspace. */
export interface ConversationRecord {
  id: string;
  workspaceId: string;
  userId: string;
  /** The worksheet the conversation's questions are answered from; null until one is chosen. */
  worksheetId: string | null;
  title: string;
  createdAt: string;
  updatedAt: string;
  turnCount: number;
  /** Where it was started (SPEC section 9); absent on conversations older than the record. */
  origin?: ConversationOriginRecord;
}

/** Where a conversation was started: an MCP client (which one) or the product web app. */
export interface ConversationOriginRecord {
  kind: 'mcp' | 'web';
  clientId?: string;
  clientName?: string;
}

/** A conversation row as selected with `CONVERSATION_COLUMNS`. */
export interface ConversationRow {
  id: string;
  workspace_id: string;
  user_id: string;
  worksheet_id: string | null;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  turn_count: string | number;
  origin_kind?: string | null;
  origin_client_id?: string | null;
  origin_client_name?: string | null;
}

/** The select list of a conversation (alias `c`), with its turn count. */
export const CONVERSATION_COLUMNS = `c.id, c.workspace_id, c.user_id, c.worksheet_id, c.title, c.created_at, c.updated_at,
  c.origin_kind, c.origin_client_id, c.origin_client_name,
  (select count(*) from turns t where t.conversation_id = c.id) as turn_count`;

/** Maps a row selected with `CONVERSATION_COLUMNS`. */
export function toConversationRecord(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    worksheetId: row.worksheet_id ?? null,
    title: row.title,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    turnCount: toNumber(row.turn_count),
    ...originOf(row),
  };
}

function originOf(row: ConversationRow): { origin?: ConversationOriginRecord } {
  if (row.origin_kind !== 'mcp' && row.origin_kind !== 'web') return {};
  return {
    origin: {
      kind: row.origin_kind,
      ...(row.origin_client_id ? { clientId: row.origin_client_id } : {}),
      ...(row.origin_client_name ? { clientName: row.origin_client_name } : {}),
    },
  };
}

/** Starts a conversation (without turns; add them with `createTurn`). */
export async function createConversation(
  db: Queryable,
  input: {
    workspaceId: string;
    userId: string;
    title: string;
    worksheetId?: string | null;
    id?: string;
    origin?: ConversationOriginRecord | undefined;
  },
): Promise<ConversationRecord> {
  const { rows } = await db.query<ConversationRow>(
    `insert into conversations as c (id, workspace_id, user_id, title, worksheet_id,
       origin_kind, origin_client_id, origin_client_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning c.id, c.workspace_id, c.user_id, c.worksheet_id, c.title, c.created_at, c.updated_at,
       c.origin_kind, c.origin_client_id, c.origin_client_name, 0 as turn_count`,
    [
      input.id ?? newId('conv'),
      input.workspaceId,
      input.userId,
      input.title,
      input.worksheetId ?? null,
      input.origin?.kind ?? null,
      input.origin?.clientId ?? null,
      input.origin?.clientName ?? null,
    ],
  );
  return toConversationRecord(rows[0]!);
}

/** The conversation with this id, or null (no permission check: see `permissions/`). */
export async function getConversation(
  db: Queryable,
  id: string,
): Promise<ConversationRecord | null> {
  const { rows } = await db.query<ConversationRow>(
    `select ${CONVERSATION_COLUMNS} from conversations c where c.id = $1`,
    [id],
  );
  return rows[0] ? toConversationRecord(rows[0]) : null;
}

/** Marks a conversation as active now (a turn was added or changed). */
export async function touchConversation(db: Queryable, id: string): Promise<void> {
  await db.query('update conversations set updated_at = now() where id = $1', [id]);
}

/**
 * Places a conversation that has no worksheet yet (its first question was answered from none):
 * it takes `worksheetId` and moves to that worksheet's workspace. True when this call placed it;
 * false when it was placed already (another turn won the race) or is gone, and nothing changed.
 */
export async function placeConversation(
  db: Queryable,
  id: string,
  place: { worksheetId: string; workspaceId: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `update conversations set worksheet_id = $2, workspace_id = $3
     where id = $1 and worksheet_id is null returning id`,
    [id, place.worksheetId, place.workspaceId],
  );
  return rows.length > 0;
}
