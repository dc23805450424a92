import type { Queryable } from '../db/database.js';
import type { WorksheetEngine } from '../data/engine.js';
import { listDataPaths } from '../store/worksheets.js';

/**
 * Removes worksheet files no worksheet row refers to (left by a crash between ingest and commit).
 * Files younger than `minAgeMs` (default one minute) are kept, so an import another process has
 * just written and not yet committed survives. Returns the removed data paths.
 */
export async function removeOrphanWorksheetFiles(
  db: Queryable,
  engine: Pick<WorksheetEngine, 'removeOrphans'>,
  options: { minAgeMs?: number } = {},
): Promise<string[]> {
  return engine.removeOrphans(await listDataPaths(db), { minAgeMs: options.minAgeMs ?? 60_000 });
}
