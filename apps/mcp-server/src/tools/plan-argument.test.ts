import { DuckDBInstance } from '@duckdb/node-api';
import {
  AnalysisOutputSchema,
  type AnalysisPlan,
  type AnalysisOutput,
} from '@ask-analyst/protocol';
import { demoDataFile } from '@ask-analyst/workspace';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf, postToolCall } from '../test-support/mcp-call.js';

/*
 * The `plan` argument of start_analysis and continue_analysis (SPEC section 4, issue #30): an
 * agent plans a question the built-in reader refuses; the server checks the plan as every
 * planner's, names the field of an invalid one, and answers a valid one as planned.
 */

const QUESTION = 'Average wwg by genre';

/** Average worldwide gross per major genre, straight from the vega-datasets file with DuckDB. */
async function grossByGenre(): Promise<Map<string | null, number>> {
  const duck = await DuckDBInstance.create(':memory:');
  const connection = await duck.connect();
  try {
    const rows = (
      await connection.runAndReadAll(
        `select "Major Genre", avg("Worldwide Gross")
           from read_json_auto('${demoDataFile('movies.json')}') group by 1`,
      )
    ).getRows();
    return new Map(rows.map(([genre, gross]) => [genre as string | null, Number(gross)]));
  } finally {
    connection.closeSync();
    duck.closeSync();
  }
}

describe('start_analysis and continue_analysis with a plan (seeded demo workspace)', () => {
  let demo: DemoApp;
  let movies: string;
  beforeAll(async () => {
    demo = await createDemoApp();
    movies = await demo.worksheetId('Film Industry', 'Movies');
  });
  afterAll(async () => {
    await demo?.close();
  });

  const call = async (user: DemoUser, tool: string, args: Record<string, unknown>) =>
    callTool(demo.app, await demo.tokenFor(user), tool, args);
  const post = async (user: DemoUser, tool: string, args: Record<string, unknown>) =>
    postToolCall(demo.app, await demo.tokenFor(user), tool, args);

  const plan = (overrides: Partial<AnalysisPlan> = {}): AnalysisPlan => ({
    worksheetId: movies,
    measures: [{ column: 'Worldwide Gross', aggregation: 'avg', label: 'Average Worldwide Gross' }],
    dimensions: [{ column: 'Major Genre', grain: null, label: 'Major Genre' }],
    filters: [],
    sort: [{ by: 'measure', index: 0, direction: 'desc' }],
    limit: null,
    calculation: null,
    shape: null,
    chart: null,
    ...overrides,
  });

  const textOf = (result: CallToolResult) =>
    (result.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');

  it('answers a refused question once the agent plans it: numbers as DuckDB computes them', async () => {
    const refused = await call('alan', 'start_analysis', {
      question: QUESTION,
      worksheetId: movies,
      waitSeconds: 30,
    });
    const first = AnalysisOutputSchema.parse(dataOf(refused));
    expect(first.turn.status).toBe('failed');
    expect(['not_understood', 'needs_clarification']).toContain(first.turn.error?.code);
    // The text (what the model reads) offers the plan path with the worksheet's columns and types;
    // the error message (what people read in the card) does not.
    const text = textOf(refused);
    expect(text).toContain('`plan`');
    expect(text).toContain(`worksheetId \`${movies}\``);
    expect(text).toContain('| Worldwide Gross | integer |');
    expect(text).toContain('| Major Genre | string |');
    expect(text).toMatch(/Plan only what the user asked/);
    expect(first.turn.error?.message).not.toContain('plan');

    const planned = await call('alan', 'continue_analysis', {
      conversationId: first.conversation.id,
      question: QUESTION,
      plan: plan(),
      waitSeconds: 30,
    });
    const { conversation, turn } = AnalysisOutputSchema.parse(dataOf(planned));
    expect(turn).toMatchObject({ status: 'succeeded', question: QUESTION, index: 1 });
    expect(conversation).toMatchObject({ title: QUESTION, turnCount: 2 });
    const answer = turn.answer!;
    expect(answer.source).toMatchObject({ worksheetId: movies, worksheetName: 'Movies' });
    expect(answer.query.plan).toEqual(plan());
    const expected = await grossByGenre();
    expect(answer.table.rows).toHaveLength(expected.size);
    for (const [genre, gross] of answer.table.rows) {
      expect(gross, String(genre)).toBeCloseTo(expected.get(genre as string | null)!, 6);
    }
    const grosses = answer.table.rows.map(([, gross]) => gross as number);
    expect(grosses).toEqual([...grosses].sort((a, b) => b - a));
    expect(answer.interpretation.restatement).toBe(
      'Average Worldwide Gross by Major Genre in Movies.',
    );
    expect(answer.interpretation.slots.length).toBeGreaterThan(0);
    for (const slot of answer.interpretation.slots) expect(slot.source).toBe('client');
    expect(textOf(planned)).not.toContain('you may call continue_analysis');
  });

  it('starts a conversation from a plan, and a follow-up without one builds on it', async () => {
    const started = AnalysisOutputSchema.parse(
      dataOf(
        await call('alan', 'start_analysis', { question: QUESTION, plan: plan(), waitSeconds: 30 }),
      ),
    );
    expect(started.turn.status).toBe('succeeded');
    expect(started.conversation.workspace.name).toBe('Research');
    const followUp = AnalysisOutputSchema.parse(
      dataOf(
        await call('alan', 'continue_analysis', {
          conversationId: started.conversation.id,
          question: 'only for Comedy',
          waitSeconds: 30,
        }),
      ),
    );
    expect(followUp.turn.status, JSON.stringify(followUp.turn.error)).toBe('succeeded');
    const followPlan = followUp.turn.answer!.query.plan;
    expect(followPlan.measures).toEqual(plan().measures);
    expect(followPlan.filters).toEqual([
      expect.objectContaining({ column: 'Major Genre', op: 'eq', value: 'Comedy' }),
    ]);
    const expected = (await grossByGenre()).get('Comedy')!;
    const rows = followUp.turn.answer!.table.rows;
    expect(rows.map((row) => row.at(-1) as number)[0]).toBeCloseTo(expected, 6);
  });

  it('places a conversation that has no worksheet yet on its first plan', async () => {
    const asked = await call('alan', 'start_analysis', {
      question: 'zebra migrations',
      waitSeconds: 30,
    });
    const first = AnalysisOutputSchema.parse(dataOf(asked));
    expect(first.turn.error?.code).toBe('not_understood');
    expect(textOf(asked)).toMatch(/whose worksheetId is the worksheet meant \(get_workbook/);
    const planned = AnalysisOutputSchema.parse(
      dataOf(
        await call('alan', 'continue_analysis', {
          conversationId: first.conversation.id,
          question: QUESTION,
          plan: plan(),
          waitSeconds: 30,
        }),
      ),
    );
    expect(planned.turn.status).toBe('succeeded');
    expect(planned.turn.answer?.source.worksheetId).toBe(movies);
    expect(planned.conversation.workspace.name).toBe('Research');
    // From then on, a plan stays on that worksheet.
    const cars = await demo.worksheetId('Automobiles', 'Cars');
    const elsewhere = errorOf(
      await call('alan', 'continue_analysis', {
        conversationId: first.conversation.id,
        question: 'average horsepower',
        plan: plan({
          worksheetId: cars,
          measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
          dimensions: [],
          sort: [],
        }),
        waitSeconds: 0,
      }),
    );
    expect(elsewhere).toMatchObject({ code: 'invalid_argument', field: 'plan.worksheetId' });
  });

  it('refuses an invalid plan with invalid_argument naming the field and what is allowed', async () => {
    const refused = async (args: Record<string, unknown>, tool = 'start_analysis') =>
      errorOf(await call('alan', tool, { question: QUESTION, waitSeconds: 0, ...args }));

    const otherColumn = await refused({
      plan: plan({ measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'HP' }] }),
    });
    expect(otherColumn).toMatchObject({
      code: 'invalid_argument',
      field: 'plan.measures.0.column',
    });
    expect(otherColumn.message).toContain('"Horsepower" is not a column of worksheet Movies');
    expect(otherColumn.message).toContain('Worldwide Gross (integer)');

    const aggregation = await refused({
      plan: plan({ measures: [{ column: 'Title', aggregation: 'avg', label: 'Average Title' }] }),
    });
    expect(aggregation).toMatchObject({
      code: 'invalid_argument',
      field: 'plan.measures.0.aggregation',
    });
    expect(aggregation.message).toContain('count, count_distinct, min, max');

    const value = await refused({
      plan: plan({
        filters: [{ column: 'Worldwide Gross', op: 'gt', value: 'a lot', part: null }],
      }),
    });
    expect(value).toMatchObject({ code: 'invalid_argument', field: 'plan.filters.0.value' });
    expect(value.message).toContain('must be an integer');

    const filters = Array.from({ length: 21 }, () => ({
      column: 'Major Genre',
      op: 'ne',
      value: 'Western',
      part: null,
    }));
    const tooMany = await refused({ plan: plan({ filters } as Partial<AnalysisPlan>) });
    expect(tooMany).toMatchObject({ code: 'invalid_argument', field: 'plan.filters' });
    expect(tooMany.message).toMatch(/20/);

    const cars = await demo.worksheetId('Automobiles', 'Cars');
    const disagreeing = await refused({ worksheetId: cars, plan: plan() });
    expect(disagreeing).toMatchObject({ code: 'invalid_argument', field: 'plan.worksheetId' });
    const otherBook = await refused({
      workbookId: await demo.workbookId('Automobiles'),
      plan: plan(),
    });
    expect(otherBook).toMatchObject({ code: 'invalid_argument', field: 'plan.worksheetId' });

    // A follow-up's plan stays on the conversation's worksheet.
    const { conversation } = dataOf<AnalysisOutput>(
      await call('alan', 'start_analysis', {
        question: 'average horsepower',
        worksheetId: cars,
        waitSeconds: 30,
      }),
    );
    const elsewhere = await refused(
      { conversationId: conversation.id, plan: plan() },
      'continue_analysis',
    );
    expect(elsewhere).toMatchObject({ code: 'invalid_argument', field: 'plan.worksheetId' });
    expect(elsewhere.message).toContain(cars);
  });

  it('answers a plan on a worksheet the user cannot read exactly as a made-up id', async () => {
    const flights = await demo.worksheetId('Flight Operations', 'Flights');
    const madeUp = `ws_${'0'.repeat(flights.length - 3)}`;
    const normalized = (response: LightMyRequestResponse, id: string) =>
      `${response.statusCode}\n${response.body
        .replace(/req_[0-9a-z]+/g, 'req_<ID>')
        .replace(/"id":\d+}$/, '"id":<N>}')
        .split(id)
        .join('<ID>')}`;
    const countRows = (worksheetId: string) => ({
      question: 'how many flights',
      waitSeconds: 0,
      plan: plan({
        worksheetId,
        measures: [{ column: null, aggregation: 'count', label: 'Flights' }],
        dimensions: [],
        sort: [],
      }),
    });
    const hidden = await post('alan', 'start_analysis', countRows(flights));
    const unknown = await post('alan', 'start_analysis', countRows(madeUp));
    expect(normalized(hidden, flights)).toBe(normalized(unknown, madeUp));
    expect(hidden.body).toContain('"code":"not_found"');
    expect(hidden.body).not.toContain('delay');

    const viewer = errorOf(
      await call('grace', 'start_analysis', { question: QUESTION, plan: plan(), waitSeconds: 0 }),
    );
    expect(viewer.code).toBe('permission_denied');
  });

  it('keeps only the shape of a plan in telemetry', async () => {
    await call('alan', 'start_analysis', {
      question: QUESTION,
      waitSeconds: 0,
      plan: plan({
        filters: [{ column: 'Major Genre', op: 'in', value: ['Drama', 'Horror'], part: null }],
      }),
    });
    await demo.app.flushTelemetry();
    const { rows } = await demo.db.query<{ argument_shape: unknown }>(
      `select argument_shape from telemetry where tool = 'start_analysis'
        and jsonb_typeof(argument_shape->'plan'->'filters'->0->'value') = 'array'`,
    );
    const shape = JSON.stringify(rows[0]?.argument_shape);
    expect(rows[0]?.argument_shape).toMatchObject({
      plan: {
        worksheetId: 'string',
        measures: [{ column: 'string', aggregation: 'string', label: 'string' }],
        filters: [{ column: 'string', op: 'string', value: ['string'], part: 'null' }],
      },
    });
    for (const value of ['Worldwide Gross', 'Major Genre', 'Drama', 'avg', movies]) {
      expect(shape).not.toContain(value);
    }
  });
});
