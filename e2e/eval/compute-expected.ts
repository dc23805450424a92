/**
 * Computes the expected answers of the blind question set (`blind.jsonl`, `holdout.jsonl`) with
 * DuckDB, from the source files of `vega-datasets`, independently of the service: each question's
 * `sql` runs over views typed as SPEC section 6 says, and its `derive` list says which expectations
 * come from the result (`first`: the first row's cells; `contains`: every cell; `rowCount`: the
 * number of rows; `empty`: no rows). Other expectations (`columns`, `notColumns`, `minRows`,
 * `chart`, `refused`) are written by hand and kept. A result column whose alias ends in `__year` is
 * expected as a year or that year's 1 January, `__pct` as a percentage (or share), `__skip` not at
 * all (it only orders or filters).
 *
 *   pnpm --filter @ask-analyst/e2e exec tsx eval/compute-expected.ts           rewrite both files
 *   pnpm --filter @ask-analyst/e2e exec tsx eval/compute-expected.ts --check   fail on any change
 *   pnpm --filter @ask-analyst/e2e exec tsx eval/compute-expected.ts --split ALL.jsonl
 *       (once: split a new list into the two files, a third per worksheet to the holdout)
 *   pnpm --filter @ask-analyst/e2e exec tsx eval/compute-expected.ts --set FILE [--check]
 *       rewrite (or check) one set file on its own, with no split (e.g. `second.jsonl`);
 *       it never reads the holdout
 *
 * Whoever changes the planner must not read `holdout.jsonl`, nor run this script with output shown.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

type Expected = string | number | { percent: number } | { anyOf: Expected[] };

interface Question {
  id: string;
  /** The worksheet asked about (the split is stratified by it). */
  sheet: string;
  user: string;
  workbook: string | null;
  question: string;
  followups?: string[];
  expect: Record<string, unknown>;
  /** DuckDB SQL over the views below giving the answer of the last turn; null for refusals. */
  sql: string | null;
  derive: Array<'first' | 'contains' | 'rowCount' | 'empty'>;
  /** Why the expected answer is what it is (refusals, conventions); not read by the runner. */
  note?: string;
}

const SEED = 23;
const HOLDOUT_SHARE = 1 / 3;
const MAX_CONTAINS = 40;
const DERIVED = ['first', 'contains', 'rowCount', 'empty'] as const;
const here = import.meta.dirname;
const files = { blind: path.join(here, 'blind.jsonl'), holdout: path.join(here, 'holdout.jsonl') };

function dataFolder(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('vega-datasets'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'vega-datasets'
    ) {
      return path.join(dir, 'data');
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the vega-datasets package is not installed');
    dir = parent;
  }
}

const lit = (file: string) => `'${path.join(dataFolder(), file).replaceAll("'", "''")}'`;
const csv = (file: string) => `read_csv(${lit(file)}, header = true, all_varchar = true)`;
const json = (file: string) =>
  `read_json(${lit(file)}, format = 'array', records = true, sample_size = -1)`;

/**
 * One view per worksheet, typed as SPEC section 6 says the workspace ingests it: CSV text typed per
 * column, JSON and Parquet keeping their kinds, `Jan 1 2000`-style dates as `date`, flights' `date`
 * a timestamp, movies' mixed `Title` as text, odd values (penguins' `Sex` of `.`) kept.
 */
const VIEWS: Record<string, string> = {
  flights: `SELECT CAST(date AS TIMESTAMP) AS date, CAST(delay AS BIGINT) AS delay,
      CAST(distance AS BIGINT) AS distance, origin, destination
    FROM read_parquet(${lit('flights-3m.parquet')})`,
  airports: `SELECT iata, name, city, state, country, CAST(latitude AS DOUBLE) AS latitude,
      CAST(longitude AS DOUBLE) AS longitude FROM ${csv('airports.csv')}`,
  strikes: `SELECT "Airport Name", "Aircraft Make Model", "Effect Amount of damage",
      CAST("Flight Date" AS DATE) AS "Flight Date", "Aircraft Airline Operator", "Origin State",
      "Phase of flight", "Wildlife Size", "Wildlife Species", "Time of day",
      CAST("Cost Other" AS BIGINT) AS "Cost Other", CAST("Cost Repair" AS BIGINT) AS "Cost Repair",
      CAST("Cost Total $" AS BIGINT) AS "Cost Total $",
      CAST("Speed IAS in knots" AS BIGINT) AS "Speed IAS in knots"
    FROM ${csv('birdstrikes.csv')}`,
  movies: `SELECT * REPLACE (json_extract_string("Title", '$') AS "Title",
      CAST(strptime("Release Date", '%b %d %Y') AS DATE) AS "Release Date")
    FROM ${json('movies.json')}`,
  cars: `SELECT * REPLACE (CAST("Year" AS DATE) AS "Year") FROM ${json('cars.json')}`,
  weather: `SELECT CAST(date AS DATE) AS date, CAST(precipitation AS DOUBLE) AS precipitation,
      CAST(temp_max AS DOUBLE) AS temp_max, CAST(temp_min AS DOUBLE) AS temp_min,
      CAST(wind AS DOUBLE) AS wind, weather FROM ${csv('seattle-weather.csv')}`,
  gapminder: `SELECT * FROM ${json('gapminder.json')}`,
  stocks: `SELECT symbol, CAST(strptime(date, '%b %d %Y') AS DATE) AS date,
      CAST(price AS DOUBLE) AS price FROM ${csv('stocks.csv')}`,
  penguins: `SELECT * FROM ${json('penguins.json')}`,
};

/** A connection with one table per worksheet (also for checking a new question's SQL by hand). */
export async function openViews(): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run("SET TimeZone = 'UTC'");
  // One thread: sums of doubles then add in one order, so the last digits are the same every run.
  await connection.run('SET threads = 1');
  for (const [name, sql] of Object.entries(VIEWS)) {
    await connection.run(`CREATE TABLE ${name} AS ${sql}`);
  }
  return connection;
}

/**
 * Doubles to four decimals, unless that would turn a fraction into an integer: an integer is
 * matched exactly, so such a value (a sum of decimals such as 1225.9999999999989 mm) stays as it is
 * and is matched with the decimal tolerance.
 */
function round(value: number): number {
  if (Number.isInteger(value)) return value;
  const rounded = Math.round(value * 1e4) / 1e4;
  return Number.isInteger(rounded) ? value : rounded;
}

function expectedCell(column: string, value: unknown): Expected | undefined {
  if (value === null || value === undefined || column.endsWith('__skip')) return undefined;
  let plain: string | number;
  if (typeof value === 'bigint') plain = Number(value);
  else if (typeof value === 'number') plain = round(value);
  else if (typeof value === 'string') plain = value;
  else throw new Error(`column ${column}: give the SQL a string or number, not ${String(value)}`);
  if (column.endsWith('__year')) {
    if (typeof plain !== 'number') throw new Error(`column ${column} is not a year`);
    return { anyOf: [plain, `${plain}-01-01`] };
  }
  if (column.endsWith('__pct')) {
    if (typeof plain !== 'number') throw new Error(`column ${column} is not a percentage`);
    return { percent: plain };
  }
  return plain;
}

async function derive(connection: DuckDBConnection, item: Question): Promise<Question['expect']> {
  const kept = Object.fromEntries(
    Object.entries(item.expect).filter(([key]) => !(DERIVED as readonly string[]).includes(key)),
  );
  if (item.sql === null) {
    if (item.derive.length > 0) throw new Error(`${item.id}: derive without sql`);
    return kept;
  }
  const reader = await connection.runAndReadAll(item.sql);
  const names = reader.columnNames();
  const rows = reader.getRows();
  const cells = (row: readonly unknown[]) =>
    row
      .map((value, index) => expectedCell(names[index] ?? '', value))
      .filter((value): value is Expected => value !== undefined);
  const derived: Record<string, unknown> = {};
  for (const kind of item.derive) {
    if (kind === 'empty') {
      if (rows.length > 0) throw new Error(`${item.id}: expected no rows, got ${rows.length}`);
      derived.empty = true;
      continue;
    }
    if (rows.length === 0) throw new Error(`${item.id}: the SQL gives no rows`);
    if (kind === 'rowCount') derived.rowCount = rows.length;
    if (kind === 'first') derived.first = cells(rows[0] ?? []);
    if (kind === 'contains') {
      const seen = new Set<string>();
      const values = rows.flatMap(cells).filter((value) => {
        const key = JSON.stringify(value);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (values.length > MAX_CONTAINS)
        throw new Error(`${item.id}: ${values.length} values to contain; narrow the SQL`);
      derived.contains = values;
    }
  }
  return { ...derived, ...kept };
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The holdout ids: per worksheet, the ids sorted, shuffled with a fixed seed, the first third. */
export function holdoutIds(questions: ReadonlyArray<{ id: string; sheet: string }>): Set<string> {
  const bySheet = new Map<string, string[]>();
  for (const q of questions) bySheet.set(q.sheet, [...(bySheet.get(q.sheet) ?? []), q.id]);
  const chosen = new Set<string>();
  for (const sheet of [...bySheet.keys()].sort()) {
    const ids = [...(bySheet.get(sheet) ?? [])].sort();
    const random = mulberry32(SEED + [...sheet].reduce((sum, c) => sum + c.charCodeAt(0), 0));
    for (let i = ids.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
    for (const id of ids.slice(0, Math.round(ids.length * HOLDOUT_SHARE))) chosen.add(id);
  }
  return chosen;
}

function ordered(q: Question): Question {
  return {
    id: q.id,
    sheet: q.sheet,
    user: q.user,
    workbook: q.workbook,
    question: q.question,
    ...(q.followups ? { followups: q.followups } : {}),
    expect: q.expect,
    sql: q.sql,
    derive: q.derive,
    ...(q.note ? { note: q.note } : {}),
  };
}

async function readQuestions(file: string): Promise<Question[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Question);
}

const toJsonl = (questions: readonly Question[]) =>
  questions.map((q) => JSON.stringify(ordered(q))).join('\n') + '\n';

/**
 * `--set FILE`: computes (or with `--check` verifies) the expectations of one set file as it is,
 * with no split; it reads and writes that file only, never the holdout.
 */
async function oneSet(file: string, check: boolean): Promise<number> {
  if (path.basename(file).startsWith('holdout')) {
    throw new Error('--set is not for the holdout: run without --set (and without showing a diff)');
  }
  const questions = await readQuestions(file);
  if (new Set(questions.map((q) => q.id)).size !== questions.length) {
    throw new Error('question ids must be unique');
  }
  const connection = await openViews();
  const computed: Question[] = [];
  for (const q of questions) computed.push({ ...q, expect: await derive(connection, q) });
  const text = toJsonl(computed);
  const name = path.basename(file);
  if (check) {
    const same = (await readFile(file, 'utf8')) === text;
    console.log(
      same ? `${questions.length} questions: ${name} as stored` : `${name} differs from its SQL`,
    );
    return same ? 0 : 1;
  }
  await writeFile(file, text);
  console.log(`${questions.length} questions in ${name}`);
  return 0;
}

async function main(): Promise<number> {
  const { values: args } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { check: { type: 'boolean' }, split: { type: 'string' }, set: { type: 'string' } },
  });
  if (args.set) {
    // Relative to the current folder, or to the repository root (`e2e/eval/second.jsonl`).
    const fromRoot = path.resolve(here, '../..', args.set);
    const file = existsSync(path.resolve(args.set)) ? path.resolve(args.set) : fromRoot;
    return oneSet(file, args.check === true);
  }
  const all = args.split
    ? await readQuestions(path.resolve(args.split))
    : [...(await readQuestions(files.blind)), ...(await readQuestions(files.holdout))];
  const ids = new Set(all.map((q) => q.id));
  if (ids.size !== all.length) throw new Error('question ids must be unique');
  const connection = await openViews();
  const computed: Question[] = [];
  for (const q of all) computed.push({ ...q, expect: await derive(connection, q) });
  const holdout = holdoutIds(computed);
  const text = {
    blind: toJsonl(computed.filter((q) => !holdout.has(q.id))),
    holdout: toJsonl(computed.filter((q) => holdout.has(q.id))),
  };
  if (args.check) {
    let same = true;
    for (const key of ['blind', 'holdout'] as const) {
      if ((await readFile(files[key], 'utf8')) !== text[key]) {
        console.error(`${key}.jsonl differs from what the SQL and the split give`);
        same = false;
      }
    }
    console.log(same ? `${all.length} questions: expectations and split as stored` : 'changed');
    return same ? 0 : 1;
  }
  await writeFile(files.blind, text.blind);
  await writeFile(files.holdout, text.holdout);
  console.log(`${all.length - holdout.size} questions in blind.jsonl, ${holdout.size} in holdout`);
  return 0;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
