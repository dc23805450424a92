import { access, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VARCHAR } from '@duckdb/node-api';
import { DataError } from './errors.js';
import { inferColumns } from './infer-types.js';
import type { SourceFormat } from './infer-types.js';
import { openIngestInstance } from './instance.js';
import { QuerySession, translateDuckDbError } from './limits.js';
import type { BoundParams } from './limits.js';
import { checkStem, dataPathOf, randomStem, tempFileName, worksheetsDir } from './paths.js';
import { ROW_COLUMN } from './read.js';
import { checkJson, checkSize, describe, formatOf, openSource } from './source-file.js';
import { quoteIdentifier, quoteLiteral } from './sql.js';
import type { IngestOptions, IngestResult } from './types.js';

/** Largest source file without `maxBytes`. */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** What an ingest needs from the engine. */
export interface IngestContext {
  dataDir: string;
  threads: number;
  memoryLimit: string;
  timeoutMs: number;
  /** Temporary files being written, so that orphan removal leaves them alone. */
  inFlight: Set<string>;
}

async function convert(
  session: QuerySession,
  sourcePath: string,
  format: SourceFormat,
  target: string,
): Promise<Omit<IngestResult, 'dataPath'>> {
  const params: BoundParams = { values: [sourcePath], types: [VARCHAR] };
  const expectedRows = format === 'json' ? await checkJson(session, params) : undefined;
  const source = await openSource(session, format, params);
  const { columns, ordinal } = await describe(session, source);
  const plans = await inferColumns(session, source.relation, source.params, columns, format);
  const select = plans
    .map((plan) => `${plan.expression} AS ${quoteIdentifier(plan.name)}`)
    .join(', ');
  const order = quoteIdentifier(ordinal);
  const copied = await session.readAll(
    `COPY (SELECT ${select}, CAST(${order} - 1 AS BIGINT) AS ${quoteIdentifier(ROW_COLUMN)} ` +
      `FROM ${source.relation} ORDER BY ${order}) ` +
      `TO ${quoteLiteral(target)} (FORMAT parquet, COMPRESSION zstd, USE_TMP_FILE false)`,
    source.params,
  );
  const rowCount = Number(copied.getRows()[0]?.[0] ?? 0);
  if (expectedRows !== undefined && rowCount !== expectedRows) {
    throw new DataError('invalid_file', 'the JSON array could not be read completely');
  }
  return { rowCount, columns: plans.map((plan) => ({ name: plan.name, type: plan.type })) };
}

/**
 * The disk of the data folder (or of the temporary folder) is full: the kernel's ENOSPC, from Node
 * (`code`) or inside a DuckDB "IO Error" message. Not the file's fault, so not `invalid_file`.
 */
function storageFull(error: unknown): DataError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOSPC' && !/No space left on device/i.test(error.message)) return undefined;
  return new DataError(
    'storage_full',
    'no space left on the disk of the data folder: free some space, then import again',
    { cause: error },
  );
}

function asIngestError(error: unknown): unknown {
  const full = storageFull(error);
  if (full) return full;
  const translated = translateDuckDbError(error);
  if (translated instanceof DataError || !(translated instanceof Error)) return translated;
  const reason = translated.message.split('\n')[0] ?? '';
  return new DataError('invalid_file', `the file cannot be read as a worksheet: ${reason}`, {
    cause: error,
  });
}

/**
 * Converts a CSV, JSON or Parquet file into a worksheet file (Parquet, typed columns plus the
 * hidden source-order column), written under a temporary name and renamed into place, so a
 * failed import leaves nothing behind.
 */
export async function ingestFile(
  context: IngestContext,
  sourcePath: string,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const format = formatOf(sourcePath, options.format);
  const stem = options.id === undefined ? randomStem() : checkStem(options.id);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw new DataError('invalid_argument', 'maxBytes must be a positive integer', {
      field: 'maxBytes',
    });
  }
  await checkSize(sourcePath, maxBytes);
  const folder = worksheetsDir(context.dataDir);
  const dataPath = dataPathOf(stem);
  const finalFile = path.join(folder, `${stem}.parquet`);
  const taken = await access(finalFile).then(
    () => true,
    () => false,
  );
  if (taken) {
    throw new DataError('invalid_argument', `a worksheet file named ${stem} already exists`, {
      field: 'id',
    });
  }
  const tempName = tempFileName(stem);
  const tempFile = path.join(folder, tempName);
  const spill = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-ingest-'));
  context.inFlight.add(tempName);
  try {
    const result = await runConversion(context, spill, path.resolve(sourcePath), format, tempFile);
    await rename(tempFile, finalFile);
    return { dataPath, ...result };
  } catch (error) {
    await rm(tempFile, { force: true });
    throw storageFull(error) ?? error;
  } finally {
    context.inFlight.delete(tempName);
    await rm(spill, { recursive: true, force: true });
  }
}

/** Runs {@link convert} on a fresh instance within the ingest time limit. */
async function runConversion(
  context: IngestContext,
  spill: string,
  sourcePath: string,
  format: SourceFormat,
  target: string,
): Promise<Omit<IngestResult, 'dataPath'>> {
  const instance = await openIngestInstance({
    threads: context.threads,
    memoryLimit: context.memoryLimit,
    tempDir: spill,
  });
  const deadline = Date.now() + context.timeoutMs;
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const connection = await instance.connect();
    try {
      timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, context.timeoutMs);
      return await convert(new QuerySession(connection, deadline), sourcePath, format, target);
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    if (timedOut || Date.now() >= deadline) {
      throw new DataError('timeout', `the import took longer than ${context.timeoutMs} ms`, {
        cause: error,
      });
    }
    throw asIngestError(error);
  } finally {
    clearTimeout(timer);
    instance.closeSync();
  }
}
