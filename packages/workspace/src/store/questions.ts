import type { Queryable } from '../db/database.js';
import { assertRetentionDays, deleteInBatches, PURGE_BATCH_SIZE } from './retention.js';

/**
 * Deletes Ask Analyst questions older than `days` days (SPEC section 7): turns asked before the
 * cutoff, then conversations left without turns that started before it (their title repeats the
 * first question). Run it in a transaction. Deletes `batchSize` rows per statement.
 */
export async function purgeQuestions(
  db: Queryable,
  days: number,
  batchSize = PURGE_BATCH_SIZE,
): Promise<{ turns: number; conversations: number }> {
  assertRetentionDays(days, 'Question');
  const turns = await deleteInBatches(batchSize, (limit) =>
    db.query(
      `delete from turns where id in (
         select id from turns where created_at < now() - make_interval(days => $1) limit $2)`,
      [days, limit],
    ),
  );
  const conversations = await deleteInBatches(batchSize, (limit) =>
    db.query(
      `delete from conversations where id in (
         select c.id from conversations c
         where c.created_at < now() - make_interval(days => $1)
           and not exists (select 1 from turns t where t.conversation_id = c.id)
         limit $2)`,
      [days, limit],
    ),
  );
  return { turns, conversations };
}
