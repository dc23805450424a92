/**
 * Benchmark of worksheet reads on the 3,000,000-row flights data: imports flights-3m.parquet into
 * a temporary data folder, then prints the time of page 1 and page 2,000 (limit 100) without and
 * with a sort, of the same page by OFFSET for comparison, and of a profile. Figures are printed,
 * not asserted. Run after a build: `node packages/workspace/dist/data/bench-read.js`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { formatMs as ms, medianMs, timed } from '../testing/bench.js';
import { encodeKey } from './column-values.js';
import { argumentsHash, signCursor } from './cursor.js';
import { demoDataFile } from './demo-data.js';
import { WorksheetEngine } from './engine.js';
import { resolveDataPath } from './paths.js';
import { planRead } from './read-request.js';
import { ROW_COLUMN, worksheetSource } from './read.js';
import { quoteIdentifier } from './sql.js';
import type { IngestResult, ReadRequest, WorksheetRef } from './types.js';

const PAGE = 2000;
const LIMIT = 100;
const RUNS = 5;

const median = (work: () => Promise<unknown>) => medianMs(work, RUNS);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-bench-'));
  const secret = randomBytes(32).toString('hex');
  const engine = await WorksheetEngine.open({ dataDir, cursorSecret: secret });
  const oracle = await DuckDBInstance.create(':memory:', { threads: '2' });
  const direct = await oracle.connect();
  try {
    const ingest = await timed(() => engine.ingest(demoDataFile('flights-3m.parquet')));
    const flights: WorksheetRef & IngestResult = { id: 'ws_bench_flights', ...ingest.value };
    console.log(`ingest flights-3m.parquet: ${ms(ingest.ms)} (${flights.rowCount} rows)`);
    const source = worksheetSource(resolveDataPath(dataDir, flights.dataPath));

    const cases: [string, ReadRequest][] = [
      ['no sort', { limit: LIMIT }],
      [
        'sort delay desc, origin asc',
        {
          limit: LIMIT,
          sort: [
            { column: 'delay', direction: 'desc' },
            { column: 'origin', direction: 'asc' },
          ],
        },
      ],
    ];
    for (const [label, request] of cases) {
      const plan = planRead(flights.columns, request);
      const order = [
        ...plan.sort.map(
          (key) => `${quoteIdentifier(key.column.name)} ${key.direction.toUpperCase()} NULLS LAST`,
        ),
        `${quoteIdentifier(ROW_COLUMN)} ASC`,
      ].join(', ');
      // The cursor that walking 1,999 pages would end with: the last row of page 1,999.
      const offset = (PAGE - 1) * LIMIT - 1;
      const keyColumns = [...plan.sort.map((key) => key.column.name), ROW_COLUMN]
        .map(quoteIdentifier)
        .join(', ');
      const last =
        (
          await direct.runAndReadAll(
            `SELECT ${keyColumns} FROM ${source} ORDER BY ${order} LIMIT 1 OFFSET ${offset}`,
          )
        ).getRows()[0] ?? [];
      const cursor = signCursor(
        secret,
        {
          worksheetId: flights.id,
          dataPath: flights.dataPath,
          argsHash: argumentsHash(plan.canonical),
        },
        {
          totalRows: flights.rowCount,
          lastRow: BigInt(last.at(-1) as bigint),
          keys: plan.sort.map((key, index) => encodeKey(key.column.type, last[index] ?? null)),
        },
      );
      const first = await median(() => engine.read(flights, request));
      const deep = await median(() => engine.read(flights, { ...request, cursor }));
      const byOffset = await median(() =>
        direct.runAndReadAll(
          `SELECT * FROM ${source} ORDER BY ${order} LIMIT ${LIMIT} OFFSET ${offset + 1}`,
        ),
      );
      const page = await engine.read(flights, { ...request, cursor });
      const expected = (
        await direct.runAndReadAll(
          `SELECT strftime(date, '%Y-%m-%dT%H:%M:%S.%g') || 'Z', delay::DOUBLE, distance::DOUBLE, origin, destination ` +
            `FROM ${source} ORDER BY ${order} LIMIT ${LIMIT} OFFSET ${offset + 1}`,
        )
      ).getRows();
      const same = JSON.stringify(page.rows) === JSON.stringify(expected);
      console.log(
        `read, ${label}: page 1 ${ms(first)}, page ${PAGE} ${ms(deep)} (keyset; same rows as OFFSET: ${same ? 'yes' : 'NO'}), ` +
          `same page by OFFSET in plain DuckDB ${ms(byOffset)}`,
      );
    }

    const profile = await timed(() => engine.profile(flights));
    const cached = await timed(() => engine.profile(flights));
    console.log(`profile: ${ms(profile.ms)} (then ${ms(cached.ms)} from memory)`);
    console.log(`median of ${RUNS} runs per read figure; threads 2, memory limit 1GB`);
  } finally {
    direct.closeSync();
    oracle.closeSync();
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
