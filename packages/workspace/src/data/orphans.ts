import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { dataPathOf, isWorksheetFileName, TEMP_PREFIX, worksheetsDir } from './paths.js';

/**
 * Removes worksheet files whose data path is not in `keep` (left by imports that crashed before
 * their worksheet was recorded) and temporary files of unfinished imports, except those this
 * process is writing and those younger than `minAgeMs`. Returns the removed paths, relative to
 * the data folder.
 */
export async function removeOrphanFiles(
  dataDir: string,
  keep: ReadonlySet<string>,
  inFlight: ReadonlySet<string>,
  minAgeMs: number,
): Promise<string[]> {
  const folder = worksheetsDir(dataDir);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const removed: string[] = [];
  const now = Date.now();
  for (const name of names.sort()) {
    const isTemp = name.startsWith(TEMP_PREFIX) && !inFlight.has(name);
    const isOrphan =
      isWorksheetFileName(name) && !keep.has(dataPathOf(name.slice(0, -'.parquet'.length)));
    if (!isTemp && !isOrphan) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || now - info.mtimeMs < minAgeMs) continue;
    await rm(file, { force: true });
    removed.push(`${path.basename(folder)}/${name}`);
  }
  return removed;
}
