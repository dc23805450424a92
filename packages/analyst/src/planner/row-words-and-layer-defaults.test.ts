import { describe, expect, it } from 'vitest';
import { groupBy, mean, sum } from '../test-support/expected.js';
import { openPlannerFixtures, readQuotedRows } from '../test-support/planner-fixtures.js';
import { analyze, ask, byGroup, single } from '../test-support/worksheets.js';

/**
 * Words for columns and for the rows themselves (issue 23; decisions 148 and 149), each with
 * phrasings of our own: answers are checked against numbers computed from the source files without
 * the analyst; where no word of the question or the layer settles a reading, the turn still asks.
 */
const { w, movies, cars, penguins } = await openPlannerFixtures(
  ['strikes', 'movies', 'cars', 'weather', 'penguins', 'flights'],
  ['movies', 'cars', 'penguins'],
);
const strikes = await readQuotedRows('strikes');
/** The numbers of a column of text cells (empty ones left out, as SQL aggregates do). */
const cells = (rows: typeof strikes, column: string): number[] =>
  rows
    .map((r) => (r[column] as string | undefined) ?? '')
    .filter((v) => v !== '')
    .map(Number);

describe("the semantic layer's word for one column is its default (decision 148)", () => {
  it('"cost" is the total cost, said so, though Cost Other and Cost Repair hold the word', async () => {
    const answer = await ask(w, 'strikes', 'mean cost per strike for Delta');
    expect(answer.query.plan.measures).toEqual([
      expect.objectContaining({ column: 'Cost Total $', aggregation: 'avg' }),
    ]);
    const delta = strikes.filter((r) => r['Aircraft Airline Operator'] === 'DELTA AIR LINES');
    expect(single(answer)).toBeCloseTo(mean(cells(delta, 'Cost Total $')), 6);
    expect(answer.interpretation.restatement).toContain(
      '"cost" is Cost Total $ by the semantic layer, not Cost Other or Cost Repair',
    );
    expect(answer.interpretation.alternatives.map((a) => a.reason)).toContain(
      '"cost" may also mean Cost Repair',
    );
  });

  it('"gross" still asks: US Gross is named for what the word says, as Worldwide Gross is', async () => {
    const outcome = await analyze(w, 'movies', 'mean gross per genre');
    expect(outcome.ok ? 'answered' : outcome.code).toBe('needs_clarification');
  });

  it('a word no steward gave one column still asks ("temperature": high or low)', async () => {
    const outcome = await analyze(w, 'weather', 'mean temperature per month');
    expect(outcome.ok ? 'answered' : outcome.code).toBe('needs_clarification');
  });
});

describe("the layer's words for what a row is (decision 149)", () => {
  it('"which species hit planes most often" counts the strikes per species', async () => {
    const answer = await ask(w, 'strikes', 'which wildlife species hit aircraft most often');
    const counts = [...groupBy(strikes, (r) => r['Wildlife Species']).entries()]
      .map(([species, rows]) => [species, rows.length] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(answer.table.rows[0]).toEqual([counts[0]![0], counts[0]![1]]);
  });

  it('"speed at impact", "collisions by phase": the strike itself, no condition', async () => {
    const speed = await ask(w, 'strikes', 'mean speed at impact per flight phase');
    const climb = strikes.filter((r) => r['Phase of flight'] === 'Climb');
    expect(byGroup(speed).get('Climb')).toBeCloseTo(mean(cells(climb, 'Speed IAS in knots')), 4);
    const collisions = await ask(w, 'strikes', 'number of collisions by phase of flight');
    expect(sum([...byGroup(collisions).values()] as number[])).toBe(strikes.length);
  });

  it('"vehicles", "films", "animals" are the cars, movies and penguins', async () => {
    expect(single(await ask(w, 'cars', 'how many vehicles have 8 cylinders'))).toBe(
      cars.filter((r) => r.Cylinders === 8).length,
    );
    expect(single(await ask(w, 'movies', 'how many films are rated PG-13'))).toBe(
      movies.filter((r) => r['MPAA Rating'] === 'PG-13').length,
    );
    const animals = await ask(w, 'penguins', 'number of animals per island');
    expect(byGroup(animals).get('Dream')).toBe(penguins.filter((r) => r.Island === 'Dream').length);
  });

  it('a word qualifying a column is no row word: "departure delay" is still refused', async () => {
    const outcome = await analyze(w, 'flights', 'average departure delay by origin');
    expect(outcome.ok).toBe(false);
  });
});
