import { AnalysisOutputSchema, type AnalysisOutput } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf, postToolCall, rpcMessages } from '../test-support/mcp-call.js';
import { mcpHeaders } from '../test-support/app.js';

describe('start_analysis through the MCP endpoint (seeded demo workspace)', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  const start = async (user: DemoUser, args: Record<string, unknown>) =>
    callTool(demo.app, await demo.tokenFor(user), 'start_analysis', args);

  it('answers a question about a named workbook: table, chart, summary, interpretation, query', async () => {
    const workbookId = await demo.workbookId('Automobiles');
    const result = await start('alan', { question: 'Average horsepower by cylinders', workbookId });
    const { conversation, turn } = AnalysisOutputSchema.parse(dataOf(result));
    expect(turn.status).toBe('succeeded');
    expect(conversation).toMatchObject({
      workspace: { name: 'Research' },
      turnCount: 1,
      title: 'Average horsepower by cylinders',
    });
    const answer = turn.answer!;
    expect(answer.source).toMatchObject({ workbookId, worksheetName: 'Cars' });
    expect(answer.table.columns).toEqual([
      // Display fields from the Cars semantic layer (SPEC section 4).
      { name: 'Cylinders', type: 'integer', label: 'Cylinders', format: 'integer', decimals: 0 },
      {
        name: 'Average Horsepower',
        type: 'number',
        label: 'Average horsepower',
        format: 'number',
        decimals: 1,
        unit: 'hp',
      },
    ]);
    const byCylinders = new Map(answer.table.rows.map(([c, hp]) => [c, hp]));
    expect(byCylinders.get(8)).toBeCloseTo(158.45, 2);
    expect(byCylinders.get(4)).toBeCloseTo(78.47, 2);
    expect(answer.chart).toMatchObject({
      type: 'bar',
      x: { column: 'Cylinders' },
      y: { column: 'Average Horsepower' },
    });
    // The summary rounds to the layer's one decimal for an average of whole horsepower.
    expect(answer.summary).toMatch(/158\.5 for 8/);
    expect(answer.interpretation.slots).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slot: 'measure', text: 'Average Horsepower', source: 'stated' }),
        expect.objectContaining({ slot: 'dimension', text: 'Cylinders', source: 'stated' }),
      ]),
    );
    expect(answer.query.sql).toMatch(/avg\("Horsepower"\)/);
    expect(result.content?.[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('158.45') as unknown,
    });
  });

  it('chooses the worksheet when no id is given, and says which in answer.source', async () => {
    const { turn, conversation } = dataOf<AnalysisOutput>(
      await start('ada', { question: 'How many bird strikes happened at night?' }),
    );
    expect(turn.answer?.source.worksheetName).toBe('Strikes');
    expect(turn.answer?.table.rows).toEqual([[3363]]);
    expect(turn.answer?.chart?.type).toBe('kpi');
    expect(conversation.workspace.name).toBe('Operations');
  });

  it('fails a question it cannot place with what it understood, never a guess', async () => {
    const workbookId = await demo.workbookId('Automobiles');
    const { turn } = dataOf<AnalysisOutput>(
      await start('alan', { question: 'Average profit by origin', workbookId }),
    );
    expect(turn.status).toBe('failed');
    expect(turn.error?.code).toBe('not_understood');
    expect(turn.error?.message).toMatch(/profit/);
    expect(turn.error?.message).toMatch(/Horsepower/);
    expect(turn.answer).toBeUndefined();
  });

  it('lets a follow-up place a conversation whose first question placed none, in any workspace', async () => {
    const { conversation, turn } = dataOf<AnalysisOutput>(
      await start('ada', { question: 'hello there' }),
    );
    expect(turn.error?.code).toBe('not_understood');
    // What the user can analyse, from every workspace where they may: Operations and Research.
    expect(turn.error?.message).toMatch(/Flights/);
    expect(turn.error?.message).toMatch(/Cars/);
    const followUp = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('ada'), 'continue_analysis', {
        conversationId: conversation.id,
        question: 'Average horsepower by origin',
      }),
    );
    expect(followUp.turn.status).toBe('succeeded');
    expect(followUp.turn.answer?.source.worksheetName).toBe('Cars');
    expect(followUp.conversation.workspace.name).toBe('Research');
  });

  it('keeps SQL in the question as words: it is refused, and nothing runs', async () => {
    const workbookId = await demo.workbookId('Film Industry');
    const question = "How many movies by director'; DROP TABLE movies; --";
    const { turn } = dataOf<AnalysisOutput>(await start('alan', { question, workbookId }));
    // SPEC 4, precision first: words it cannot place fail the turn, naming them.
    expect(turn.status).toBe('failed');
    expect(turn.error?.code).toBe('not_understood');
    expect(turn.error?.message).toMatch(/DROP|TABLE/);
    expect(turn.answer).toBeUndefined();
    const again = dataOf<AnalysisOutput>(
      await start('alan', { question: 'How many movies?', workbookId }),
    );
    expect(again.turn.answer?.table.rows).toEqual([[3201]]);
  });

  it('sends notifications/progress with each step when the request has a progressToken', async () => {
    const workbookId = await demo.workbookId('Flight Operations');
    const response = await demo.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(await demo.tokenFor('ada')),
      payload: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'start_analysis',
          arguments: { question: 'Total distance by month', workbookId },
          _meta: { progressToken: 'p-1' },
        },
      },
    });
    const messages = rpcMessages(response);
    const progress = messages.filter((m) => m.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const note of progress)
      expect(note.params).toMatchObject({ progressToken: 'p-1', total: 4 });
    const result = messages.find((m) => 'result' in m)?.result as {
      structuredContent: AnalysisOutput;
    };
    expect(result.structuredContent.turn.status).toBe('succeeded');
    expect(result.structuredContent.turn.answer?.table.rows).toContainEqual([
      '2001-01-01',
      369781288,
    ]);
  });

  it('refuses a viewer with permission_denied and an unreadable worksheet with not_found', async () => {
    const workbookId = await demo.workbookId('Automobiles');
    expect(errorOf(await start('grace', { question: 'How many cars?', workbookId }))).toMatchObject(
      { code: 'permission_denied' },
    );
    expect(errorOf(await start('grace', { question: 'How many cars?' }))).toMatchObject({
      code: 'permission_denied',
    });
    const flights = await demo.worksheetId('Flight Operations', 'Flights');
    expect(
      errorOf(await start('alan', { question: 'How many flights?', worksheetId: flights })),
    ).toMatchObject({ code: 'not_found' });
    const globex = await demo.workbookId('Globex Sales');
    expect(
      errorOf(await start('ada', { question: 'Average price', workbookId: globex })),
    ).toMatchObject({ code: 'not_found' });
  });

  it('names the field of an invalid argument', async () => {
    const error = errorOf(await start('ada', { question: '', waitSeconds: 99 }));
    expect(error.code).toBe('invalid_argument');
    expect(error.field).toMatch(/question|waitSeconds/);
    const unknown = errorOf(await start('ada', { question: 'x', sql: 'select 1' }));
    expect(unknown).toMatchObject({ code: 'invalid_argument', field: 'sql' });
  });

  it('needs analyses.write: a read-only token gets the insufficient_scope challenge', async () => {
    const token = await demo.tokenFor('ada', { claims: { scope: 'workbooks.read' } });
    const response = await postToolCall(demo.app, token, 'start_analysis', {
      question: 'How many flights?',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['www-authenticate']).toMatch(/insufficient_scope/);
  });
});
