import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DataError, invalidArgument } from './errors.js';

/** Folder of worksheet files inside the data folder. */
export const WORKSHEETS_FOLDER = 'worksheets';

/** Prefix of files an ingest is still writing. */
export const TEMP_PREFIX = '.tmp-';

const STEM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const DATA_PATH = /^worksheets\/([A-Za-z0-9][A-Za-z0-9_-]{0,127})\.parquet$/;

/** The absolute worksheets folder of a data folder. */
export function worksheetsDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), WORKSHEETS_FOLDER);
}

/** Checks a file name stem chosen by the caller (e.g. a `ws_` id). */
export function checkStem(stem: string): string {
  if (!STEM.test(stem)) {
    throw invalidArgument(
      'id',
      'id must be 1–128 letters, digits, "_" or "-", starting with a letter or digit',
    );
  }
  return stem;
}

/** A random file name stem for a worksheet without a chosen id. */
export function randomStem(): string {
  return `data-${randomBytes(12).toString('hex')}`;
}

/** The data path (relative to the data folder) of a worksheet file stem. */
export function dataPathOf(stem: string): string {
  return `${WORKSHEETS_FOLDER}/${stem}.parquet`;
}

/**
 * The absolute file of a data path. Only `worksheets/<stem>.parquet` is accepted, so a stored
 * path can never point outside the worksheets folder.
 */
export function resolveDataPath(dataDir: string, dataPath: string): string {
  const match = DATA_PATH.exec(dataPath);
  if (!match?.[1]) {
    throw new DataError(
      'invalid_argument',
      `not a worksheet data path: ${JSON.stringify(dataPath)}`,
      {
        field: 'dataPath',
      },
    );
  }
  return path.join(worksheetsDir(dataDir), `${match[1]}.parquet`);
}

/** Whether a file name in the worksheets folder is a worksheet file. */
export function isWorksheetFileName(name: string): boolean {
  return DATA_PATH.test(`${WORKSHEETS_FOLDER}/${name}`);
}

/** A fresh temporary file name in the worksheets folder for an ingest of `stem`. */
export function tempFileName(stem: string): string {
  return `${TEMP_PREFIX}${stem}-${randomBytes(6).toString('hex')}.parquet`;
}
