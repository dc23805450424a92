import type { ListAnalysesInput, ListAnalysesOutput } from '@ask-analyst/protocol';
import {
  listReadableConversations,
  type Database,
  type PrincipalRef,
} from '@ask-analyst/workspace';
import { toConversation } from './views.js';

/**
 * The user's Ask Analyst history, newest first, one page at a time (SPEC sections 4 and 9): only
 * conversations in workspaces they can read now. A tampered or foreign cursor is the workspace's
 * `invalid_argument` naming `cursor`.
 */
export async function listHistory(
  db: Database,
  links: { appUrl: string },
  principal: PrincipalRef,
  { cursor, limit }: ListAnalysesInput,
): Promise<ListAnalysesOutput> {
  const page = await listReadableConversations(db, principal, {
    appUrl: links.appUrl,
    cursor: cursor ?? undefined,
    limit,
  });
  return { conversations: page.conversations.map(toConversation), nextCursor: page.nextCursor };
}
