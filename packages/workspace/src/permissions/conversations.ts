import type { Queryable } from '../db/database.js';
import {
  CONVERSATION_COLUMNS,
  toConversationRecord,
  type ConversationOriginRecord,
  type ConversationRecord,
  type ConversationRow,
} from '../store/conversations.js';
import { ACCESS_CTE, type PrincipalRef } from './access.js';
import { LIST_CURSOR_SECRET, decodeCursor, keysetPage, pageLimit } from './cursor.js';
import { serviceSecret } from '../secrets/service-secret.js';
import { appLink, type LinkOptions, type NamedRef } from './views.js';

/** A conversation as the tools show it (SPEC section 4, `Conversation`). */
export interface ConversationView {
  id: string;
  title: string;
  workspace: NamedRef;
  createdAt: string;
  updatedAt: string;
  url: string;
  turnCount: number;
  /** Where it was started (SPEC section 9), when recorded. */
  origin?: ConversationOriginRecord;
}

type Row = ConversationRow & { workspace_name: string; sort_at: string };

const SELECT = `select ${CONVERSATION_COLUMNS}, w.name as workspace_name, c.created_at::text as sort_at
  from conversations c
  join access a on a.workspace_id = c.workspace_id
  join workspaces w on w.id = c.workspace_id`;

function toView(row: Row, links: LinkOptions): ConversationView {
  return toConversationView(toConversationRecord(row), row.workspace_name, links);
}

/**
 * A conversation record as the tools show it, named in its workspace `workspaceName`. No permission
 * check: for a conversation the caller has just been allowed to read or create.
 */
export function toConversationView(
  record: ConversationRecord,
  workspaceName: string,
  links: LinkOptions,
): ConversationView {
  return {
    id: record.id,
    title: record.title,
    workspace: { id: record.workspaceId, name: workspaceName },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    url: appLink(links, 'conversations', record.id),
    turnCount: record.turnCount,
    ...(record.origin ? { origin: record.origin } : {}),
  };
}

/**
 * The conversation if it is the principal's own and its workspace is readable to them now
 * (`conversation.read`); null otherwise, so other people's conversations do not exist.
 */
export async function getReadableConversation(
  db: Queryable,
  principal: PrincipalRef,
  conversationId: string,
  links: LinkOptions,
): Promise<ConversationView | null> {
  const { rows } = await db.query<Row>(
    `with ${ACCESS_CTE} ${SELECT} where c.id = $2 and c.user_id = $1`,
    [principal.userId, conversationId],
  );
  return rows[0] ? toView(rows[0], links) : null;
}

/** The principal's own conversations in workspaces readable to them now, newest first, by page. */
export async function listReadableConversations(
  db: Queryable,
  principal: PrincipalRef,
  options: LinkOptions & { cursor?: string | undefined; limit?: number | undefined },
): Promise<{ conversations: ConversationView[]; nextCursor: string | null }> {
  const limit = pageLimit(options.limit);
  const secret = await serviceSecret(db, LIST_CURSOR_SECRET);
  const after = options.cursor
    ? decodeCursor(options.cursor, 'conversations', {}, 2, secret)
    : null;
  const { rows } = await db.query<Row>(
    `with ${ACCESS_CTE} ${SELECT}
     where c.user_id = $1 and ($2::text is null or (c.created_at, c.id) < ($2::timestamptz, $3::text))
     order by c.created_at desc, c.id desc
     limit $4`,
    [principal.userId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const { page, nextCursor } = keysetPage(rows, limit, {
    list: 'conversations',
    secret,
    args: {},
    key: (last) => [last.sort_at, last.id],
  });
  return { conversations: page.map((row) => toView(row, options)), nextCursor };
}
