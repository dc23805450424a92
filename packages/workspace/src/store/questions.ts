import type { Queryable } from '../db/database.js';
import { assertRetentionDays } from './retention.js';

/**
 * Deletes Ask Analyst questions older than `days` days (SPEC section 7): turns asked before the
 * cutoff, then conversations left without turns that started before it (their title repeats the
 * first question). Run it in a transaction.
 */
export async function purgeQuestions(
  db: Queryable,
  days: number,
): Promise<{ turns: number; conversations: number }> {
  assertRetentionDays(days, 'Question');
  const turns = await db.query(
    'delete from turns where created_at < now() - make_interval(days => $1)',
    [days],
  );
  const conversations = await db.query(
    `delete from conversations c where c.created_at < now() - make_interval(days => $1)
       and not exists (select 1 from turns t where t.conversation_id = c.id)`,
    [days],
  );
  return { turns: turns.rowCount, conversations: conversations.rowCount };
}
