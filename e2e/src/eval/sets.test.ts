import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdoutIds } from '../../eval/compute-expected.js';
import { parseEvalSet, type EvalCase } from './score.js';

// Failures name ids only: the holdout's questions must not show in anyone's output.
interface Stored extends EvalCase {
  sheet: string;
  sql: string | null;
  derive: string[];
}

const folder = resolve(import.meta.dirname, '../../eval');
const read = (name: string) =>
  parseEvalSet(readFileSync(resolve(folder, name), 'utf8')) as Stored[];
const blind = read('blind.jsonl');
const holdout = read('holdout.jsonl');
const all = [...blind, ...holdout];
const SHEETS = [
  'Flights',
  'Airports',
  'Strikes',
  'Movies',
  'Cars',
  'Daily Weather',
  'Gapminder',
  'Stocks',
  'Penguins',
];

describe('the blind question set (e2e/eval/README.md)', () => {
  it('has at least 150 questions with unique ids over every demo worksheet, in both parts', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    expect(new Set(blind.map((q) => q.sheet))).toEqual(new Set(SHEETS));
    expect(new Set(holdout.map((q) => q.sheet))).toEqual(new Set(SHEETS));
  });

  it('keeps the holdout a third per worksheet, chosen by the fixed-seed split', () => {
    const chosen = holdoutIds(all);
    expect(holdout.map((q) => q.id).filter((id) => !chosen.has(id))).toEqual([]);
    expect(blind.map((q) => q.id).filter((id) => chosen.has(id))).toEqual([]);
    for (const sheet of SHEETS) {
      const n = all.filter((q) => q.sheet === sheet).length;
      expect(holdout.filter((q) => q.sheet === sheet).length).toBe(Math.round(n / 3));
    }
  });

  it('gives every question an expectation, and refusals no other', () => {
    const without = all.filter((q) => Object.keys(q.expect).length === 0).map((q) => q.id);
    expect(without).toEqual([]);
    const mixed = all
      .filter((q) => q.expect.refused && Object.keys(q.expect).length > 1)
      .map((q) => q.id);
    expect(mixed).toEqual([]);
  });

  it('computes every derived expectation from SQL stored beside the question', () => {
    const missing = all.filter((q) => q.derive.length > 0 && !q.sql).map((q) => q.id);
    expect(missing).toEqual([]);
  });
});

// `second.jsonl`: a second set written blind, not held out (e2e/eval/README.md).
const second = read('second.jsonl');

describe('the second question set (e2e/eval/README.md)', () => {
  it('has unique ids, none shared with the blind set, over every demo worksheet', () => {
    expect(second.length).toBeGreaterThanOrEqual(80);
    expect(new Set(second.map((q) => q.id)).size).toBe(second.length);
    const earlier = new Set(all.map((q) => q.id));
    expect(second.map((q) => q.id).filter((id) => earlier.has(id))).toEqual([]);
    expect(new Set(second.map((q) => q.sheet))).toEqual(new Set(SHEETS));
  });

  it('gives every question an expectation, refusals no other, derived ones their SQL', () => {
    expect(second.filter((q) => Object.keys(q.expect).length === 0).map((q) => q.id)).toEqual([]);
    const mixed = second.filter((q) => q.expect.refused && Object.keys(q.expect).length > 1);
    expect(mixed.map((q) => q.id)).toEqual([]);
    const missing = second.filter((q) => q.derive.length > 0 && !q.sql).map((q) => q.id);
    expect(missing).toEqual([]);
  });
});

// `third.jsonl`: a third set written blind, not held out (e2e/eval/README.md).
const third = read('third.jsonl');

describe('the third question set (e2e/eval/README.md)', () => {
  it('has unique ids, none shared with the earlier sets, over every demo worksheet', () => {
    expect(third.length).toBeGreaterThanOrEqual(80);
    expect(new Set(third.map((q) => q.id)).size).toBe(third.length);
    const earlier = new Set([...all, ...second].map((q) => q.id));
    expect(third.map((q) => q.id).filter((id) => earlier.has(id))).toEqual([]);
    expect(new Set(third.map((q) => q.sheet))).toEqual(new Set(SHEETS));
  });

  it('gives every question an expectation, refusals no other, derived ones their SQL', () => {
    expect(third.filter((q) => Object.keys(q.expect).length === 0).map((q) => q.id)).toEqual([]);
    const mixed = third.filter((q) => q.expect.refused && Object.keys(q.expect).length > 1);
    expect(mixed.map((q) => q.id)).toEqual([]);
    const missing = third.filter((q) => q.derive.length > 0 && !q.sql).map((q) => q.id);
    expect(missing).toEqual([]);
  });

  it('repeats no question of the earlier sets word for word', () => {
    const text = (q: Stored) =>
      [q.question, ...(q.followups ?? [])].join(' / ').toLowerCase().trim();
    const earlier = new Set([...all, ...second].map(text));
    expect(third.filter((q) => earlier.has(text(q))).map((q) => q.id)).toEqual([]);
  });
});
