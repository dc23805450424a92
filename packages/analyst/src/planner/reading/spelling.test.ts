import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from '../../text/tokens.js';
import { openTestWorksheets, type TestWorksheets } from '../../test-support/worksheets.js';
import { findMentions } from '../mentions.js';
import { readQuestion } from './read-question.js';
import { findCorrections, isOneSlipAway } from './spelling.js';

describe('isOneSlipAway', () => {
  it.each([
    // A dropped, added or swapped letter.
    ['orgin', 'origin', true],
    ['fertilty', 'fertility', true],
    ['distancee', 'distance', true],
    ['avergae', 'average', true],
    ['prcie', 'price', true],
    ['lenght', 'length', true],
    // A changed letter only in long words: short ones make other real words.
    ['weight', 'height', false],
    ['horsepawer', 'horsepower', true],
    // More than one slip, or none.
    ['avrgae', 'average', false],
    ['origin', 'origin', false],
    ['oirgni', 'origin', false],
  ])('%s → %s: %s', (word, target, expected) => {
    expect(isOneSlipAway(word, target)).toBe(expected);
  });
});

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets(['cars', 'movies', 'penguins', 'stocks']);
});
afterAll(() => w.dispose());

type Name = 'cars' | 'movies' | 'penguins' | 'stocks';

async function corrections(worksheet: Name, question: string): Promise<string[]> {
  const { semantics, values } = await w.analyst.prepare(w.sources[worksheet]);
  const tokens = tokenize(question);
  return findCorrections(tokens, findMentions(tokens, semantics, values), semantics).map(
    (c) => `${c.written}→${c.read}`,
  );
}

describe('findCorrections', () => {
  it.each<[Name, string, string[]]>([
    ['cars', 'avergae horsepower by orgin', ['avergae→average', 'orgin→origin']],
    ['movies', 'avg worlwide gross by mpaa rating', ['worlwide→worldwide']],
    ['stocks', 'avg prcie of IBM', ['prcie→price']],
    ['penguins', 'bill lenght of gentoo penguins on average', ['lenght→length']],
    // Words under five letters are never corrected: "hpp" is not read as anything.
    ['cars', 'avg hpp by origin', []],
    // A word of the vocabulary, a value or a filler word is not a typo.
    ['cars', 'average horsepower by origin', []],
    ['cars', 'chart of horsepower by origin', []],
    // A changed letter reads a word as a column's word, never as a keyword: "starring" is a word
    // of its own, not "starting"; a swap still reads as a keyword ("avergae").
    ['movies', 'movies starring Tom Hanks', []],
    ['movies', 'count of movies strating in 2000', ['strating→starting']],
    ['cars', 'avg wieght by origin', ['wieght→weight']],
    // Too many unknown words: not a typo away from a question.
    ['cars', 'orgin blorp flarn quux zibble horsepower', []],
  ])('%s: %s', async (worksheet, question, expected) => {
    expect(await corrections(worksheet, question)).toEqual(expected);
  });
});

describe('readQuestion with typos', () => {
  it('reads a typo of a column and says so', async () => {
    const { semantics, values } = await w.analyst.prepare(w.sources.cars);
    const reading = readQuestion('avergae horsepower by orgin', semantics, values);
    expect(reading.problem).toBeNull();
    expect(reading.measures.map((m) => `${m.aggregation}(${m.column?.name})`)).toEqual([
      'avg(Horsepower)',
    ]);
    expect(reading.dimensions.map((d) => d.column.name)).toEqual(['Origin']);
    expect(reading.corrections).toEqual([
      { written: 'avergae', read: 'average' },
      { written: 'orgin', read: 'origin' },
    ]);
  });

  it('keeps the refusal when the corrected question is not understood either', async () => {
    const { semantics, values } = await w.analyst.prepare(w.sources.cars);
    const reading = readQuestion('horsepower by orgin for blorpmobiles', semantics, values);
    expect(reading.problem?.code).toBe('not_understood');
    expect(reading.corrections).toEqual([]);
    expect(reading.unused).toContain('orgin');
  });

  it('never corrects a question that was understood', async () => {
    const { semantics, values } = await w.analyst.prepare(w.sources.cars);
    expect(readQuestion('average horsepower by origin', semantics, values).corrections).toEqual([]);
  });
});
