import { GetWorkbookOutputSchema } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

describe('get_workbook through the MCP endpoint (seeded demo workspace)', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  const get = async (user: DemoUser, args: unknown) =>
    callTool(demo.app, await demo.tokenFor(user), 'get_workbook', args);

  it('returns the workbook and its worksheets in order, with exact row counts and columns', async () => {
    const workbookId = await demo.workbookId('Flight Operations');
    const result = await get('ada', { workbookId });
    const { workbook, worksheets } = GetWorkbookOutputSchema.parse(dataOf(result));
    expect(workbook).toMatchObject({
      id: workbookId,
      name: 'Flight Operations',
      workspace: { name: 'Operations' },
      owner: { name: 'Ada Lovelace' },
      worksheetCount: 2,
      url: `http://localhost:4200/workbooks/${workbookId}`,
    });
    expect(worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Flights', 3_000_000],
      ['Airports', 3376],
    ]);
    expect(worksheets[0]).toMatchObject({
      id: await demo.worksheetId('Flight Operations', 'Flights'),
      description: expect.stringContaining('Three million') as unknown,
    });
    expect(worksheets[0]?.columns).toEqual([
      {
        name: 'date',
        type: 'timestamp',
        description: 'Scheduled departure date and time of the flight.',
      },
      {
        name: 'delay',
        type: 'integer',
        description:
          'Minutes the flight arrived after its scheduled arrival time; negative when it arrived early.',
      },
      {
        name: 'distance',
        type: 'integer',
        description: 'Distance flown between the origin and destination airports, in miles.',
      },
      {
        name: 'origin',
        type: 'string',
        description: 'IATA code of the airport the flight departed from (e.g. SEA, ORD).',
      },
      {
        name: 'destination',
        type: 'string',
        description: 'IATA code of the airport the flight was scheduled to arrive at.',
      },
    ]);
    const text = (result.content?.[0] as { text: string }).text;
    expect(text).toContain('**Flight Operations**');
    expect(text).toContain('- **Flights** (`');
    expect(text).toContain('3,000,000 rows, 5 columns): date (timestamp), delay (integer)');
  });

  it('infers column types of the Research data, described by the semantic layer', async () => {
    const markets = dataOf<{ worksheets: Array<{ columns: unknown }> }>(
      await get('grace', { workbookId: await demo.workbookId('Markets', 'Research') }),
    );
    expect(markets.worksheets[0]?.columns).toEqual([
      { name: 'symbol', type: 'string', description: expect.any(String) as unknown },
      { name: 'date', type: 'date', description: 'First day of the month the price is for.' },
      { name: 'price', type: 'number', description: 'Closing price of one share, in US dollars.' },
    ]);
  });

  it('answers not_found for a workbook outside the user’s workspaces exactly as for none at all', async () => {
    const operations = await demo.workbookId('Flight Operations');
    const globex = await demo.workbookId('Globex Sales');
    const missing = 'wb_doesnotexist000000000';
    const message = (id: string) =>
      `No workbook with id ${id} that you can read. Use list_workbooks and get_workbook to find workbooks you have access to.`;
    for (const user of ['alan', 'grace'] as const) {
      for (const workbookId of [operations, globex, missing]) {
        const error = errorOf(await get(user, { workbookId }));
        expect(error).toEqual({
          code: 'not_found',
          message: message(workbookId),
          retryable: false,
          requestId: expect.stringMatching(/^req_/) as unknown,
        });
      }
    }
    expect(errorOf(await get('ada', { workbookId: globex })).message).toBe(message(globex));
  });

  it('refuses a malformed or missing id with invalid_argument naming workbookId', async () => {
    for (const args of [{}, { workbookId: 'Flight Operations' }, { workbookId: 42 }]) {
      expect(errorOf(await get('ada', args))).toMatchObject({
        code: 'invalid_argument',
        field: 'workbookId',
      });
    }
  });
});
