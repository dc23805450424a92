/**
 * Benchmark of the reading stage (`readQuestion`): the time to read long questions against the
 * demo's Movies, Airports, Cars and Daily Weather worksheets, by kind of question (random words,
 * words of the worksheet's columns and values, long realistic questions) and by length (250 to
 * 2,000 characters, the longest question the service takes). Reading runs on the event loop, so
 * this is how long one question holds it. Prints figures (median and slowest of several questions
 * after a warm-up, and the median CPU time, which a busy machine inflates less); asserts nothing.
 * Run after a build: `pnpm --filter @ask-analyst/analyst bench:reading`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoDataFile, WorksheetEngine } from '@ask-analyst/workspace';
import { Analyst } from '../analyst.js';
import { readQuestion } from '../planner/reading/read-question.js';
import type { ValueIndex } from '../semantics/values.js';
import type { WorksheetSemantics } from '../semantics/worksheet.js';
import { nameWords } from '../text/tokens.js';

const LENGTHS = [250, 500, 1000, 2000];
const QUESTIONS_PER_ROW = 7;
const WORKSHEETS = [
  { file: 'movies.json', name: 'Movies', description: 'One row per movie.' },
  { file: 'airports.csv', name: 'Airports', description: 'US airports by IATA code.' },
  { file: 'cars.json', name: 'Cars', description: 'One row per car model.' },
  { file: 'seattle-weather.csv', name: 'Daily Weather', description: 'One row per day.' },
];
/** Clauses people write, joined into long questions ("…, and …, then …"). */
const CLAUSES = [
  'what was the average {m} by {c}',
  'show me the top 10 {c} by total {m}',
  'how many rows had {m} over {n} between 1995 and 2010',
  'compare {v} and {v2} on the median {m}',
  'and also the number of different {c} for each year',
  'excluding {v}, which {c} has the highest {m}',
  'I would like to see how {m} changed over time, broken down by {c}',
  'only for {v} in March',
  'then the share of {m} per {c} in the last 3 years',
  'what about {v2} instead',
];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'random words' | 'column words' | 'realistic';

/** A question of about `length` characters of one kind, from a seeded generator. */
function question(
  kind: Kind,
  length: number,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  random: () => number,
): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const columnWords = semantics.columns.flatMap((c) => nameWords(c.name));
  const someValues = semantics.columns
    .filter((c) => c.type === 'string')
    .flatMap((c) => values.valuesOf(c.name).slice(0, 50));
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    let part: string;
    if (kind === 'random words') {
      // Made-up words of 3 to 10 letters, a few of them capitalised, as a random text would be.
      const word = Array.from({ length: 3 + Math.floor(random() * 8) }, () => pick(LETTERS)).join(
        '',
      );
      part = random() < 0.1 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    } else if (kind === 'column words') {
      const choice = random();
      part =
        choice < 0.5
          ? pick(columnWords)
          : choice < 0.7
            ? pick(someValues.length > 0 ? someValues : columnWords)
            : pick(['average', 'by', 'top', 'total', 'how many', 'in', 'over', '5', '2001']);
    } else {
      const measure = pick(semantics.columns.filter((c) => c.role === 'measure'));
      part = pick(CLAUSES).replace(/\{(\w+)\}/g, (_, slot: string) => {
        if (slot === 'm') return measure ? nameWords(measure.name).join(' ') : 'rows';
        if (slot === 'c') return nameWords(pick(semantics.columns).name).join(' ');
        if (slot === 'n') return String(Math.round(random() * 100));
        return someValues.length > 0 ? pick(someValues) : 'Japan';
      });
      part += pick([',', '.', ', and', '?']);
    }
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join(' ').slice(0, length);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-bench-reading-'));
  const engine = await WorksheetEngine.open({
    dataDir,
    cursorSecret: 'bench-reading-secret-0123456789',
  });
  try {
    const analyst = new Analyst(engine, { rowLimit: 5000 });
    console.log(
      `\nReading a question (readQuestion), ms: median / slowest of ${QUESTIONS_PER_ROW} questions after a warm-up (median CPU time):`,
    );
    console.log(`| worksheet | kind | ${LENGTHS.map((n) => `${n} chars`).join(' | ')} |`);
    console.log(`|---|---|${LENGTHS.map(() => '---|').join('')}`);
    let index = 0;
    for (const worksheet of WORKSHEETS) {
      index += 1;
      const id = `ws_${String(index).padStart(26, '0')}`;
      const ingested = await engine.ingest(demoDataFile(worksheet.file), { id });
      const { semantics, values } = await analyst.prepare({
        id,
        name: worksheet.name,
        description: worksheet.description,
        workbook: { id: `wb_${'0'.repeat(25)}1`, name: 'Bench', description: '' },
        dataPath: ingested.dataPath,
        rowCount: ingested.rowCount,
        columns: ingested.columns,
      });
      for (const kind of ['random words', 'column words', 'realistic'] as const) {
        const random = seededRandom(index * 7919 + kind.length);
        readQuestion(question(kind, 500, semantics, values, random), semantics, values);
        const cells = LENGTHS.map((length) => {
          const wall: number[] = [];
          const cpu: number[] = [];
          for (let i = 0; i < QUESTIONS_PER_ROW; i += 1) {
            const text = question(kind, length, semantics, values, random);
            const start = performance.now();
            const used = process.cpuUsage();
            readQuestion(text, semantics, values);
            cpu.push(process.cpuUsage(used).user / 1000);
            wall.push(performance.now() - start);
          }
          return `${median(wall).toFixed(1)} / ${Math.max(...wall).toFixed(1)} (${median(cpu).toFixed(1)})`;
        });
        console.log(`| ${worksheet.name} | ${kind} | ${cells.join(' | ')} |`);
      }
    }
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
