import { WorkspaceError } from '../errors.js';

/** Checks a retention window in whole days (a purge with 0 or a typo must not wipe everything). */
export function assertRetentionDays(days: number, what: string): void {
  if (!Number.isInteger(days) || days < 1) {
    throw new WorkspaceError(
      'invalid_argument',
      `${what} retention must be a whole number of days ≥ 1, got ${days}`,
    );
  }
}

/** Rows a purge deletes per statement. */
export const PURGE_BATCH_SIZE = 5_000;

/**
 * Runs `deleteBatch(limit)` until a batch deletes fewer than `batchSize` rows; returns the total.
 * Each statement stays short whatever the backlog, so none runs into the database timeout.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<{ rowCount: number }>,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new WorkspaceError(
      'invalid_argument',
      `batch size must be a whole number ≥ 1, got ${batchSize}`,
    );
  }
  let total = 0;
  for (;;) {
    const { rowCount } = await deleteBatch(batchSize);
    total += rowCount;
    if (rowCount < batchSize) return total;
  }
}
