import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generatedQuestions,
  readingJson,
  recordedQuestions,
  type CorpusEntry,
} from '../../test-support/reading-corpus.js';
import {
  FIXTURES,
  openTestWorksheets,
  type TestWorksheets,
} from '../../test-support/worksheets.js';
import { buildPlan, type PreviousTurn } from '../build-plan.js';
import { readQuestion } from './read-question.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets();
});
afterAll(() => w.dispose());

/** A plan outcome as the snapshot keeps it: a plan's `shape` and `chart` left out when null. */
function planJson(outcome: ReturnType<typeof buildPlan>): unknown {
  if (!outcome.ok) return outcome;
  const { shape, chart, ...plan } = outcome.plan;
  return {
    ...outcome,
    plan: { ...plan, ...(shape ? { shape } : {}), ...(chart ? { chart } : {}) },
  };
}

/** The reading and the plan of every question of a corpus, one JSON line each. */
async function readAll(entries: readonly CorpusEntry[]): Promise<string> {
  const lines: string[] = [];
  for (const entry of entries) {
    const { semantics, values } = await w.analyst.prepare(w.sources[entry.worksheet]);
    const plan = (question: string, previous: PreviousTurn | null) => {
      const reading = readQuestion(question, semantics, values, {
        previousFilterColumns: previous?.plan.filters.map((filter) => filter.column) ?? [],
        followsTurn: previous !== null,
      });
      const outcome = buildPlan(reading, semantics, previous, {
        worksheetStated: entry.worksheetStated ?? true,
      });
      return { reading, outcome };
    };
    let previous = entry.previous ?? null;
    if (entry.after) {
      const before = plan(entry.after, null).outcome;
      previous = before.ok ? { question: entry.after, plan: before.plan } : null;
    }
    const { reading, outcome } = plan(entry.question, previous);
    lines.push(
      JSON.stringify({
        from: entry.from,
        worksheet: entry.worksheet,
        question: entry.question,
        ...(entry.after ? { after: entry.after } : {}),
        reading: readingJson(reading),
        plan: planJson(outcome),
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

it('reads every question of the corpus as it did when the snapshot was taken', async () => {
  const entries = [...recordedQuestions()];
  for (const name of Object.keys(FIXTURES) as Array<keyof typeof FIXTURES>) {
    const { semantics, values } = await w.analyst.prepare(w.sources[name]);
    entries.push(...generatedQuestions(name, semantics, values));
  }
  expect(entries.length).toBeGreaterThan(1000);
  // A snapshot file, not an inline one: a change to the reading shows as a diff of the lines of the
  // questions it changes (`vitest -u` takes a deliberate change).
  await expect(await readAll(entries)).toMatchFileSnapshot('./__snapshots__/readings.jsonl');
}, 60_000);
