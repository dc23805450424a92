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
