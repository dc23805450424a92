import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WORKBOOKS, demoDataFile, WorksheetEngine } from '@ask-analyst/workspace';
import type { IngestResult } from '@ask-analyst/workspace';
import type { Answer } from '@ask-analyst/protocol';
import { Analyst, type AnalysisOutcome } from '../analyst.js';
import type { WorksheetSource } from '../semantics/worksheet.js';

/** A real worksheet the tests ask questions about: a `vega-datasets` file, ingested for real. */
interface Fixture {
  file: string;
  name: string;
  description: string;
  workbook: string;
}

/**
 * The worksheets of the tests. Flights, Cars, Weather, Movies and Stocks are the data sets the
 * planner was built around; Disasters, Iowa Electricity and Jobs stand for worksheets a user
 * imported, with a bare description, which the planner was never tuned on. Strikes, Gapminder and
 * Penguins are the demo's other worksheets (the reading snapshot covers every demo worksheet).
 */
export const FIXTURES = {
  flights: {
    file: 'flights-2k.json',
    name: 'Flights',
    description: 'US domestic flights with scheduled departure, delay and route.',
    workbook: 'Flight Operations',
  },
  cars: {
    file: 'cars.json',
    name: 'Cars',
    description:
      'One row per car model: miles per gallon, cylinders, horsepower, weight, year and origin.',
    workbook: 'Automobiles',
  },
  weather: {
    file: 'seattle-weather.csv',
    name: 'Daily Weather',
    description:
      'One row per day: precipitation (mm), maximum and minimum temperature (°C), wind and weather.',
    workbook: 'Seattle Weather',
  },
  movies: {
    file: 'movies.json',
    name: 'Movies',
    description:
      'One row per movie: grosses and budget in US dollars, release date, genre and ratings.',
    workbook: 'Film Industry',
  },
  stocks: {
    file: 'stocks.csv',
    name: 'Stocks',
    description: 'One row per company and month: closing price.',
    workbook: 'Markets',
  },
  disasters: {
    file: 'disasters.csv',
    name: 'disasters',
    description: 'Imported from disasters.csv',
    workbook: 'Uploads',
  },
  electricity: {
    file: 'iowa-electricity.csv',
    name: 'iowa-electricity',
    description: 'Imported from iowa-electricity.csv',
    workbook: 'Uploads',
  },
  airports: {
    file: 'airports.csv',
    name: 'Airports',
    description: 'US airports by IATA code, with city, state and coordinates.',
    workbook: 'Flight Operations',
  },
  jobs: {
    file: 'jobs.json',
    name: 'jobs',
    description: 'Imported from jobs.json',
    workbook: 'Uploads',
  },
  strikes: {
    file: 'birdstrikes.csv',
    name: 'Strikes',
    description:
      'One row per reported wildlife strike: airport, aircraft, phase of flight, species and cost.',
    workbook: 'Bird Strikes',
  },
  gapminder: {
    file: 'gapminder.json',
    name: 'Gapminder',
    description:
      'One row per country and five-year step: population, life expectancy and fertility.',
    workbook: 'World Development',
  },
  penguins: {
    file: 'penguins.json',
    name: 'Penguins',
    description: 'One row per penguin: species, island, beak and flipper size, body mass and sex.',
    workbook: 'Penguins',
  },
} satisfies Record<string, Fixture>;

export type FixtureName = keyof typeof FIXTURES;

/** The demo's semantic layer of a worksheet of that name; empty for the imported stand-ins. */
function demoLayer(name: string): WorksheetSource['semantics'] {
  for (const workbook of DEMO_WORKBOOKS)
    for (const worksheet of workbook.worksheets)
      if (worksheet.name === name) return worksheet.semantics;
  return { columns: [] };
}

/** An engine over a temporary folder holding the ingested worksheets, and an analyst over it. */
export interface TestWorksheets {
  engine: WorksheetEngine;
  analyst: Analyst;
  sources: Record<FixtureName, WorksheetSource>;
  dispose(): Promise<void>;
}

/** The engine's `ws_` ids are 26 base32 characters after the prefix (as the protocol checks). */
export function worksheetId(index: number): string {
  return `ws_${String(index).padStart(26, '0')}`;
}

/** A `WorksheetSource` from an ingest result, as the workspace builds one from its worksheet row. */
export function sourceOf(
  id: string,
  ingested: IngestResult,
  meta: { name: string; description: string; workbook: { id: string; name: string } },
): WorksheetSource {
  return {
    id,
    name: meta.name,
    description: meta.description,
    workbook: { ...meta.workbook, description: '' },
    dataPath: ingested.dataPath,
    rowCount: ingested.rowCount,
    columns: ingested.columns,
  };
}

/**
 * Opens a real `WorksheetEngine` over a fresh temporary folder and ingests the named fixtures (all
 * by default), building each `WorksheetSource` from the ingest result as the workspace does.
 */
export async function openTestWorksheets(
  names: readonly FixtureName[] = Object.keys(FIXTURES) as FixtureName[],
  options: { rowLimit?: number; queryTimeoutMs?: number } = {},
): Promise<TestWorksheets> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-analyst-test-'));
  const engine = await WorksheetEngine.open({
    dataDir,
    cursorSecret: 'analyst-test-secret-0123456789',
    ...(options.queryTimeoutMs ? { queryTimeoutMs: options.queryTimeoutMs } : {}),
  });
  const sources = {} as Record<FixtureName, WorksheetSource>;
  const workbookIds = new Map<string, string>();
  try {
    let index = 0;
    for (const name of names) {
      const fixture: Fixture = FIXTURES[name];
      index += 1;
      const id = worksheetId(index);
      const ingested = await engine.ingest(demoDataFile(fixture.file), { id });
      const workbookId =
        workbookIds.get(fixture.workbook) ?? `wb_${String(workbookIds.size + 1).padStart(26, '0')}`;
      workbookIds.set(fixture.workbook, workbookId);
      sources[name] = {
        ...sourceOf(id, ingested, {
          name: fixture.name,
          description: fixture.description,
          workbook: { id: workbookId, name: fixture.workbook },
        }),
        semantics: demoLayer(fixture.name),
      };
    }
  } catch (error) {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    engine,
    analyst: new Analyst(engine, { rowLimit: options.rowLimit ?? 5000 }),
    sources,
    dispose: async () => {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fixture's source file parsed independently of the engine: JSON as is, CSV by header. */
export async function readFixtureRows(name: FixtureName): Promise<Record<string, unknown>[]> {
  const file = FIXTURES[name].file;
  const text = await readFile(demoDataFile(file), 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text) as Record<string, unknown>[];
  const [header, ...records] = text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  return records.map((record) =>
    Object.fromEntries(
      header!.map((column, i) => {
        const raw = record[i] ?? '';
        const number = Number(raw);
        return [column, raw !== '' && Number.isFinite(number) ? number : raw];
      }),
    ),
  );
}

/** A conversation turn a follow-up builds on. */
export type Previous = { question: string; plan: Answer['query']['plan'] } | null;

/** Asks one question about a fixture; the outcome as the analyst returns it. */
export async function analyze(
  worksheets: TestWorksheets,
  name: FixtureName,
  question: string,
  previous: Previous = null,
): Promise<AnalysisOutcome> {
  return worksheets.analyst.analyze({
    question,
    source: worksheets.sources[name],
    previous,
    worksheetStated: true,
  });
}

/** Asks one question that must be answered; fails the test with the analyst's message otherwise. */
export async function ask(
  worksheets: TestWorksheets,
  name: FixtureName,
  question: string,
  previous: Previous = null,
): Promise<Answer> {
  const outcome = await analyze(worksheets, name, question, previous);
  if (!outcome.ok) throw new Error(`"${question}" failed: ${outcome.code}: ${outcome.message}`);
  return outcome.answer;
}

/** Asks a conversation's questions in turn; every answer, the last one last. */
export async function converse(
  worksheets: TestWorksheets,
  name: FixtureName,
  questions: readonly string[],
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let previous: Previous = null;
  for (const question of questions) {
    const answer = await ask(worksheets, name, question, previous);
    answers.push(answer);
    previous = { question, plan: answer.query.plan };
  }
  return answers;
}

/** The answer's table as a map from its first column to its second (groups → value). */
export function byGroup(answer: Answer): Map<unknown, unknown> {
  return new Map(answer.table.rows.map((row) => [row[0], row[1]]));
}

/** The one value of a single-number answer. */
export function single(answer: Answer): unknown {
  if (answer.table.rows.length !== 1) throw new Error('expected a single row');
  return answer.table.rows[0]![answer.query.plan.dimensions.length];
}
