import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mean, numbers } from '../test-support/expected.js';
import {
  analyze,
  ask,
  openTestWorksheets,
  readFixtureRows,
  single,
  type TestWorksheets,
} from '../test-support/worksheets.js';
import { seededRandom } from '../test-support/reading-corpus.js';
import { normalizeValue, tokenize } from '../text/tokens.js';
import { editDistance, ValueIndex, wordForms } from './values.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets(['airports', 'weather', 'cars', 'movies']);
});
afterAll(() => w.dispose());

describe('the value index of a real worksheet', () => {
  it('indexes every distinct value of the text columns', async () => {
    const { values } = await w.analyst.prepare(w.sources.weather);
    const rows = await readFixtureRows('weather');
    expect([...values.valuesOf('weather')].sort()).toEqual(
      [...new Set(rows.map((r) => String(r.weather)))].sort(),
    );
  });

  it('counts the values holding a word, in any case, as a scan of every value does', async () => {
    const { values } = await w.analyst.prepare(w.sources.airports);
    const names = values.valuesOf('name');
    for (const word of ['Municipal', 'international', 'County', 'Nowhereville']) {
      const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${word}($|[^\\p{L}\\p{N}])`, 'iu');
      const scanned = names.filter((name) => pattern.test(name)).length;
      expect(values.valuesHoldingWord('name', word), word).toBe(scanned);
    }
    expect(values.valuesHoldingWord('name', 'Municipal')).toBeGreaterThan(800);
  });

  it('matches exact values first, longest first, in any case', async () => {
    const { values } = await w.analyst.prepare(w.sources.movies);
    const tokens = tokenize('movies by Steven Spielberg');
    expect(values.matchAt(tokens, 2)).toEqual({
      length: 2,
      matches: [{ column: 'Director', value: 'Steven Spielberg', how: 'exact' }],
    });
    expect(values.matchAt(tokenize('comedy'), 0)?.matches[0]).toMatchObject({
      column: 'Major Genre',
      value: 'Comedy',
      how: 'exact',
    });
  });

  it('short codes match only when written in capitals, never as common words', () => {
    const index = new ValueIndex([{ column: 'state', values: ['IN', 'OR', 'CA'] }]);
    expect(index.matchAt(tokenize('airports in Ohio'), 1)).toBeNull();
    expect(index.matchAt(tokenize('airports in IN'), 2)?.matches[0]?.value).toBe('IN');
    expect(index.matchAt(tokenize('CA'), 0)?.matches[0]?.value).toBe('CA');
  });

  it('reads US state names as their codes and codes as names (gazetteer)', () => {
    const codes = new ValueIndex([{ column: 'state', values: ['CA', 'TX', 'NY'] }]);
    expect(codes.matchAt(tokenize('New York'), 0)).toEqual({
      length: 2,
      matches: [{ column: 'state', value: 'NY', how: 'gazetteer' }],
    });
    const names = new ValueIndex([{ column: 'state', values: ['California', 'Texas'] }]);
    expect(names.matchAt(tokenize('TX'), 0)?.matches).toEqual([
      { column: 'state', value: 'Texas', how: 'gazetteer' },
    ]);
  });

  it('a word form never names a code stored in capitals: "codes" is not COD', async () => {
    const { values } = await w.analyst.prepare(w.sources.airports);
    expect(values.matchAt(tokenize('airports with their codes'), 3)).toBeNull();
    expect(values.matchAt(tokenize('flights to COD'), 2)?.matches[0]?.value).toBe('COD');
  });

  it('word forms: rainy → rain, sunny → sun, snowing → snow', () => {
    expect(wordForms('rainy')).toContain('rain');
    expect(wordForms('sunny')).toContain('sun');
    expect(wordForms('snowing')).toContain('snow');
    expect(wordForms('foggy')).toContain('fog');
    expect(wordForms('running')).toContain('run');
    expect(editDistance('drizle', 'drizzle', 2)).toBe(1);
    expect(editDistance('abcdef', 'zzzzzz', 2)).toBe(3);
  });
});

/**
 * `suggest` as it was written before it searched a trie: every value compared with the word. The
 * trie must find the same values in the same order.
 */
function keysOf(
  lists: ReadonlyArray<{ column: string; values: readonly string[] }>,
): Map<string, Array<{ column: string; value: string }>> {
  const byKey = new Map<string, Array<{ column: string; value: string }>>();
  for (const { column, values } of lists) {
    for (const value of values) {
      const key = normalizeValue(value);
      if (!key || /^[\d. ]+$/.test(key)) continue;
      const entries = byKey.get(key) ?? [];
      entries.push({ column, value });
      byKey.set(key, entries);
    }
  }
  return byKey;
}

function suggestByScan(
  byKey: ReadonlyMap<string, ReadonlyArray<{ column: string; value: string }>>,
  word: string,
  limit: number,
): Array<{ column: string; value: string }> {
  const target = word.toLowerCase();
  if (target.length < 4) return [];
  const budget = target.length >= 7 ? 2 : 1;
  const found: Array<{ column: string; value: string; distance: number }> = [];
  for (const [key, entries] of byKey) {
    for (const candidate of [key, ...key.split(' ')]) {
      if (Math.abs(candidate.length - target.length) > budget) continue;
      const distance = editDistance(target, candidate, budget);
      if (distance > 0 && distance <= budget) {
        for (const entry of entries) found.push({ ...entry, distance });
        break;
      }
    }
  }
  found.sort((a, b) => a.distance - b.distance || a.value.localeCompare(b.value));
  return found.slice(0, limit).map(({ column, value }) => ({ column, value }));
}

describe('suggestions', () => {
  it('are the values comparing the word with every value finds, in the same order', async () => {
    const random = seededRandom(23);
    for (const name of ['movies', 'airports'] as const) {
      const { semantics, values } = await w.analyst.prepare(w.sources[name]);
      const lists = semantics.columns
        .filter((c) => c.type === 'string')
        .map((c) => ({ column: c.name, values: values.valuesOf(c.name) }))
        .filter((list) => list.values.length > 0);
      const index = new ValueIndex(lists);
      const byKey = keysOf(lists);
      const known = lists.flatMap((list) => list.values.slice(0, 200));
      const words = known.flatMap((value) => tokenize(value).map((token) => token.text));
      for (let i = 0; i < 60; i += 1) {
        // Near misses of words of the data (a letter dropped, changed or added), the words themselves
        // (a value is never its own suggestion) and made-up words.
        const word = words[Math.floor(random() * words.length)]!;
        const at = Math.floor(random() * word.length);
        const letter = String.fromCharCode(97 + Math.floor(random() * 26));
        const probe = [
          word.slice(0, at) + word.slice(at + 1),
          word.slice(0, at) + letter + word.slice(at + 1),
          word.slice(0, at) + letter + word.slice(at),
          word,
          Array.from({ length: 4 + (i % 6) }, () => letter).join(''),
        ][i % 5]!;
        expect(index.suggest(probe, 3), `${name}: ${probe}`).toEqual(
          suggestByScan(byKey, probe, 3),
        );
      }
    }
  });

  it('for a long unknown word, cost nothing and find nothing', () => {
    const index = new ValueIndex([{ column: 'city', values: ['Seattle', 'Portland'] }]);
    expect(index.suggest('x'.repeat(2000))).toEqual([]);
    expect(index.suggest('Seatle')).toEqual([{ column: 'city', value: 'Seattle' }]);
  });
});

describe('values in questions', () => {
  it('"in California" over a column of state codes filters state = CA', async () => {
    const rows = await readFixtureRows('airports');
    const answer = await ask(w, 'airports', 'how many airports are in California');
    expect(answer.query.plan.filters).toEqual([
      { column: 'state', op: 'eq', value: 'CA', part: null },
    ]);
    expect(single(answer)).toBe(rows.filter((r) => r.state === 'CA').length);
    const slot = answer.interpretation.slots.find((s) => s.slot === 'filter');
    expect(slot).toMatchObject({ source: 'value_matched', words: 'California (read as CA)' });
  });

  it('a near miss is offered as "did you mean", never used nor left out', async () => {
    const outcome = await analyze(w, 'weather', 'how many days with drizle');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) {
      expect(outcome.message).toContain('"drizle" (did you mean drizzle in weather?)');
      expect(outcome.alternatives).toContainEqual({
        question: 'how many days with drizzle',
        reason: 'did you mean drizzle (weather)?',
      });
    }
  });

  it('a misspelt name fails, with the near values in its message, rather than being dropped', async () => {
    const outcome = await analyze(w, 'airports', 'how many airports in Califronia');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) expect(outcome.message).toContain('"Califronia"');
  });

  it('a value found in several columns prefers the column the question names', async () => {
    const rows = await readFixtureRows('cars');
    const answer = await ask(w, 'cars', 'average horsepower of cars with origin Japan');
    expect(answer.query.plan.filters).toEqual([
      { column: 'Origin', op: 'eq', value: 'Japan', part: null },
    ]);
    const japan = rows.filter((r) => r.Origin === 'Japan');
    expect(single(answer)).toBeCloseTo(mean(numbers(japan, 'Horsepower')), 9);
  });
});
