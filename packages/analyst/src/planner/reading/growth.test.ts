import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestWorksheets, type TestWorksheets } from '../../test-support/worksheets.js';
import type { FixtureName } from '../../test-support/worksheets.js';
import type { Mention } from '../mentions.js';
import { createReadingContext, type ReadingContext } from './context.js';
import { READING_PASSES } from './passes/index.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets(['cars', 'weather', 'flights']);
});
afterAll(() => w.dispose());

/**
 * How many times the passes read a mention of a question: every read of the mentions list by index
 * (through `at`, `forEach`, `some`, `slice`…) is counted. `next` and `previous` look at a few
 * mentions at most and are not counted. Counts, not times: the same on a busy machine.
 */
async function mentionReads(worksheet: FixtureName, question: string): Promise<number> {
  const { semantics, values } = await w.analyst.prepare(w.sources[worksheet]);
  const context = createReadingContext(question, semantics, values);
  let reads = 0;
  const counted = new Proxy(context.mentions as Mention[], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const proxied: ReadingContext = { ...context, mentions: counted, at: (index) => counted[index] };
  for (const pass of READING_PASSES) pass.run(proxied);
  return reads;
}

/** Phrases that, repeated, made a pass look at every mention for each mention. */
const REPEATED: Array<[FixtureName, string]> = [
  ['cars', 'which most highest '],
  ['cars', 'highest horsepower which '],
  ['cars', 'highest which origin '],
  ['weather', 'temperature '],
  ['flights', 'ATL '],
  ['flights', 'ATL and SFO vs '],
  ['cars', 'average horsepower by origin '],
  ['cars', 'top 5 '],
  ['cars', 'between 1970 and 1980 '],
  ['cars', 'not Japan '],
  ['weather', 'all years only '],
  ['cars', 'Zebra quantum '],
];

describe('reading a question', () => {
  it.each(REPEATED)(
    '%s: "%s" repeated: four times as long, four times the reads',
    async (ws, p) => {
      const question = (length: number) => p.repeat(Math.ceil(length / p.length)).slice(0, length);
      const short = await mentionReads(ws, question(500));
      const long = await mentionReads(ws, question(2000));
      // Linear: 4 (and a little for the ends of the question); a pass that scans the question
      // for each mention makes it 16.
      expect(long / short).toBeLessThan(4.5);
    },
  );
});
