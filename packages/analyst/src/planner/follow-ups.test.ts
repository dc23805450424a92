import type { Answer, InterpretationSlot } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBy, mean, numbers } from '../test-support/expected.js';
import {
  analyze,
  byGroup,
  converse,
  openTestWorksheets,
  readFixtureRows,
  type TestWorksheets,
} from '../test-support/worksheets.js';

type Row = Record<string, unknown>;
let w: TestWorksheets;
let flights: Row[];
let cars: Row[];
let weather: Row[];
beforeAll(async () => {
  w = await openTestWorksheets(['flights', 'cars', 'weather']);
  flights = await readFixtureRows('flights');
  cars = await readFixtureRows('cars');
  weather = await readFixtureRows('weather');
});
afterAll(() => w.dispose());

const slot = (answer: Answer, kind: InterpretationSlot['slot']) =>
  answer.interpretation.slots.filter((s) => s.slot === kind);
const countBy = (rows: Row[], column: string) =>
  new Map([...groupBy(rows, (r) => r[column])].map(([k, v]) => [k, v.length]));

describe('follow-ups carried slot by slot', () => {
  it('"only": narrows with a filter and keeps the rest, marked carried_over', async () => {
    const [, only] = await converse(w, 'flights', [
      'number of flights by destination',
      'only flights from LAX',
    ]);
    expect(only!.query.plan.dimensions.map((d) => d.column)).toEqual(['destination']);
    expect(only!.query.plan.filters).toEqual([
      { column: 'origin', op: 'eq', value: 'LAX', part: null },
    ]);
    expect(byGroup(only!)).toEqual(
      countBy(
        flights.filter((r) => r.origin === 'LAX'),
        'destination',
      ),
    );
    expect(slot(only!, 'worksheet')[0]?.source).toBe('carried_over');
    expect(slot(only!, 'measure')[0]?.source).toBe('carried_over');
    expect(slot(only!, 'dimension')[0]?.source).toBe('carried_over');
    expect(slot(only!, 'filter')[0]?.source).toBe('value_matched');
  });

  it('"also": widens a filter to both values, one line per value, or adds a measure', async () => {
    const [, , also] = await converse(w, 'flights', [
      'number of flights by destination',
      'only flights from LAX',
      'also from SFO',
    ]);
    expect(also!.query.plan.filters).toEqual([
      { column: 'origin', op: 'in', value: ['LAX', 'SFO'], part: null },
    ]);
    // Each origin its own line, as "flights from LAX and SFO by destination" asked at once.
    expect(also!.query.plan.dimensions.map((d) => d.column)).toEqual(['destination', 'origin']);
    const pairs = new Map<string, number>();
    for (const r of flights.filter((r) => r.origin === 'LAX' || r.origin === 'SFO')) {
      const key = `${String(r.destination)}|${String(r.origin)}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    expect(new Map(also!.table.rows.map((r) => [`${String(r[0])}|${String(r[1])}`, r[2]]))).toEqual(
      pairs,
    );
    const [, more] = await converse(w, 'cars', ['average mpg by origin', 'also horsepower']);
    expect(more!.query.plan.measures.map((m) => m.column)).toEqual([
      'Miles_per_Gallon',
      'Horsepower',
    ]);
    expect(slot(more!, 'measure').map((s) => s.source)).toEqual(['carried_over', 'defaulted']);
  });

  it('"what about": shifts a value of the same field', async () => {
    const [, , shifted] = await converse(w, 'cars', [
      'average mpg by year',
      'only for Japan',
      'what about Europe',
    ]);
    expect(shifted!.query.plan.filters).toEqual([
      { column: 'Origin', op: 'eq', value: 'Europe', part: null },
    ]);
    const europe = cars.filter((r) => r.Origin === 'Europe');
    const first = shifted!.table.rows[0]!;
    const year = String(first[0]);
    expect(first[1]).toBeCloseTo(
      mean(
        numbers(
          europe.filter((r) => String(r.Year).startsWith(year)),
          'Miles_per_Gallon',
        ),
      ),
      9,
    );
  });

  it('"instead": replaces the measure and keeps the groups and filters', async () => {
    const [, , instead] = await converse(w, 'flights', [
      'number of flights by destination',
      'only flights from ATL',
      'average delay instead',
    ]);
    expect(instead!.query.plan.measures).toEqual([
      { column: 'delay', aggregation: 'avg', label: 'Average delay' },
    ]);
    expect(instead!.query.plan.filters).toEqual([
      { column: 'origin', op: 'eq', value: 'ATL', part: null },
    ]);
    expect(slot(instead!, 'filter')[0]?.source).toBe('carried_over');
    const atl = flights.filter((r) => r.origin === 'ATL');
    const got = byGroup(instead!);
    for (const [destination, list] of groupBy(atl, (r) => r.destination))
      expect(got.get(destination)).toBeCloseTo(mean(numbers(list, 'delay')), 9);
  });

  it('"without": adds a negated filter to the previous question', async () => {
    const [, without] = await converse(w, 'cars', ['average mpg by origin', 'without Europe']);
    expect(without!.query.plan.filters).toEqual([
      { column: 'Origin', op: 'ne', value: 'Europe', part: null },
    ]);
    expect([...byGroup(without!).keys()].sort()).toEqual(['Japan', 'USA']);
  });

  it('"now by month": changes the grouping, keeps the filter', async () => {
    const [, byMonth] = await converse(w, 'weather', ['how many rainy days', 'now by month']);
    expect(byMonth!.query.plan.dimensions[0]).toMatchObject({ column: 'date' });
    expect(slot(byMonth!, 'filter')[0]).toMatchObject({
      source: 'carried_over',
      text: 'weather is rain',
    });
    const january = weather.filter(
      (r) => r.weather === 'rain' && String(r.date).slice(5, 7) === '01',
    );
    expect(byMonth!.table.rows[0]).toEqual(['January', january.length]);
  });

  it('"all years", "any origin": lifts the filters on that field and keeps the rest', async () => {
    const [, , , allYears] = await converse(w, 'weather', [
      'total precipitation by year',
      'only 2014',
      'now by month',
      'all years',
    ]);
    expect(allYears!.query.plan.filters).toEqual([]);
    expect(allYears!.query.plan.dimensions[0]?.grain).toBe('month_of_year');
    const january = weather.filter((r) => String(r.date).slice(5, 7) === '01');
    expect(allYears!.table.rows[0]).toEqual([
      'January',
      expect.closeTo(
        january.reduce((t, r) => t + (r.precipitation as number), 0),
        6,
      ),
    ]);
    const [, , anyOrigin] = await converse(w, 'flights', [
      'number of flights by destination',
      'only flights from LAX',
      'any origin',
    ]);
    expect(anyOrigin!.query.plan.filters).toEqual([]);
    expect(byGroup(anyOrigin!)).toEqual(countBy(flights, 'destination'));
  });

  it("the same value with the other twin's preposition moves the filter to that twin", async () => {
    const distance = (rows: Row[]) => mean(numbers(rows, 'distance'));
    for (const followUp of ['and to SEA?', 'what about to SEA', 'and into SEA?']) {
      const [, moved] = await converse(w, 'flights', [
        'average distance of flights from SEA',
        followUp,
      ]);
      expect(moved!.query.plan.filters, followUp).toEqual([
        { column: 'destination', op: 'eq', value: 'SEA', part: null },
      ]);
      expect(moved!.table.rows[0]![0]).toBeCloseTo(
        distance(flights.filter((r) => r.destination === 'SEA')),
        3,
      );
    }
    const [, fromLax] = await converse(w, 'flights', [
      'average distance of flights from SEA',
      'and from LAX?',
    ]);
    expect(fromLax!.query.plan.filters).toEqual([
      { column: 'origin', op: 'eq', value: 'LAX', part: null },
    ]);
    // A follow-up that says it adds keeps both filters, as said.
    for (const followUp of ['also to LAX', 'only to LAX', 'and to LAX?']) {
      const [, both] = await converse(w, 'flights', [
        'average distance of flights from SEA',
        followUp,
      ]);
      expect(both!.query.plan.filters, followUp).toEqual([
        { column: 'origin', op: 'eq', value: 'SEA', part: null },
        { column: 'destination', op: 'eq', value: 'LAX', part: null },
      ]);
    }
  });

  it('a new full question starts over instead of carrying the previous one', async () => {
    const [, fresh] = await converse(w, 'cars', [
      'average mpg by origin',
      'maximum horsepower by cylinders',
    ]);
    expect(fresh!.query.plan.filters).toEqual([]);
    expect(fresh!.query.plan.dimensions.map((d) => d.column)).toEqual(['Cylinders']);
    expect(slot(fresh!, 'worksheet')[0]?.source).toBe('stated');
  });

  it('a follow-up naming an absent column fails without changing anything', async () => {
    const [first] = await converse(w, 'cars', ['average mpg by origin']);
    const outcome = await analyze(w, 'cars', 'what about the average price', {
      question: 'average mpg by origin',
      plan: first!.query.plan,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) expect(outcome.message).toContain('"price"');
  });
});
