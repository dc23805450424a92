import { readFile } from 'node:fs/promises';
import { demoDataFile } from '@ask-analyst/workspace';
import { afterAll } from 'vitest';
import {
  FIXTURES,
  openTestWorksheets,
  readFixtureRows,
  type FixtureName,
  type TestWorksheets,
} from './worksheets.js';

export type Row = Record<string, unknown>;

/**
 * What a planner test file asks about, opened at its top (`const { w, cars } = await
 * openPlannerFixtures(…)`; the `afterAll` that closes them is registered here): the `worksheets`
 * ingested in a real engine, and the source rows of the fixtures named in `rows`, read without the
 * engine (`readFixtureRows`), to compute the expected answers from.
 */
export async function openPlannerFixtures<R extends FixtureName>(
  worksheets: readonly FixtureName[],
  rows: readonly R[],
): Promise<{ w: TestWorksheets } & Record<R, Row[]>> {
  const w = await openTestWorksheets(worksheets);
  afterAll(() => w.dispose());
  const read = rows.map(async (name) => [name, await readFixtureRows(name)] as const);
  return { w, ...(Object.fromEntries(await Promise.all(read)) as Record<R, Row[]>) };
}

/**
 * A CSV fixture with quoted fields ("Reading Muni,Gen Carl A Spaatz"), every cell as text
 * (`readFixtureRows` splits CSV lines on every comma and reads numbers).
 */
export async function readQuotedRows(name: FixtureName): Promise<Row[]> {
  const lines = (await readFile(demoDataFile(FIXTURES[name].file), 'utf8')).trim().split(/\r?\n/);
  const cells = (line: string): string[] =>
    [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((match: RegExpExecArray) => match[2] ?? match[1] ?? '');
  const header = cells(lines[0]!);
  return lines
    .slice(1)
    .map((line): Row => Object.fromEntries(cells(line).map((cell, i) => [header[i]!, cell])));
}
