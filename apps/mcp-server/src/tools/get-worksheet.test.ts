import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { GetWorksheetOutputSchema, type ColumnProfile } from '@ask-analyst/protocol';
import { demoDataFile } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

/** Statistics of a source column computed straight from the vega-datasets file with DuckDB. */
async function oracle(
  connection: DuckDBConnection,
  source: string,
  column: string,
  topValues: boolean,
) {
  const c = `"${column}"`;
  const stats = (
    await connection.runAndReadAll(
      `select count(*) - count(${c}), count(distinct ${c}) from ${source}`,
    )
  ).getRows()[0]!;
  const top = topValues
    ? (
        await connection.runAndReadAll(
          `select ${c}, count(*) as n from ${source} where ${c} is not null
           group by 1 order by n desc, 1 asc limit 10`,
        )
      )
        .getRows()
        .map(([value, n]) => ({ value: String(value), count: Number(n) }))
    : undefined;
  return {
    nullCount: Number(stats[0]),
    distinctCount: Number(stats[1]),
    ...(top ? { topValues: top } : {}),
  };
}

describe('get_worksheet through the MCP endpoint (seeded demo workspace)', () => {
  let demo: DemoApp;
  let duck: DuckDBInstance;
  let connection: DuckDBConnection;
  beforeAll(async () => {
    demo = await createDemoApp();
    duck = await DuckDBInstance.create(':memory:');
    connection = await duck.connect();
  });
  afterAll(async () => {
    connection?.closeSync();
    duck?.closeSync();
    await demo?.close();
  });

  const profile = async (user: DemoUser, worksheetId: string) =>
    callTool(demo.app, await demo.tokenFor(user), 'get_worksheet', { worksheetId });

  it('profiles Flights exactly: 3,000,000 rows, counts and top values checked against DuckDB', async () => {
    const worksheetId = await demo.worksheetId('Flight Operations', 'Flights');
    const result = await profile('ada', worksheetId);
    const { worksheet } = GetWorksheetOutputSchema.parse(dataOf(result));
    expect(worksheet).toMatchObject({
      id: worksheetId,
      name: 'Flights',
      workbookId: await demo.workbookId('Flight Operations'),
      rowCount: 3_000_000,
    });
    const source = `read_parquet('${demoDataFile('flights-3m.parquet')}')`;
    const byName = new Map(worksheet.columns.map((c) => [c.name, c]));
    for (const [name, type] of [
      ['date', 'timestamp'],
      ['delay', 'integer'],
      ['distance', 'integer'],
      ['origin', 'string'],
      ['destination', 'string'],
    ] as const) {
      const column = byName.get(name);
      const expected = await oracle(connection, source, name, type === 'string');
      expect(column, name).toMatchObject({ name, type, ...expected });
      if (type !== 'string') expect(column?.topValues, name).toBeUndefined();
    }
    const origin = byName.get('origin') as ColumnProfile;
    expect(origin.topValues).toHaveLength(10);
    const [minDelay, maxDelay] = (
      await connection.runAndReadAll(`select min(delay), max(delay) from ${source}`)
    ).getRows()[0]!;
    expect(byName.get('delay')).toMatchObject({ min: Number(minDelay), max: Number(maxDelay) });
    expect(byName.get('date')?.min).toBe('2001-01-01T00:01:00.000Z');
    expect(byName.get('date')?.max).toMatch(/^2001-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);

    const text = (result.content?.[0] as { text: string }).text;
    expect(text).toContain('**Flights** (`');
    expect(text).toContain('3,000,000 rows');
    expect(text).toContain('| column | type | empty | distinct | min | max | most frequent |');
    expect(text).toContain(`${origin.topValues?.[0]?.value} (`);
  });

  it('gives dates as YYYY-MM-DD in min and max (Markets / Stocks)', async () => {
    const { worksheet } = GetWorksheetOutputSchema.parse(
      dataOf(await profile('alan', await demo.worksheetId('Markets', 'Stocks', 'Research'))),
    );
    expect(worksheet.rowCount).toBe(560);
    expect(worksheet.columns.find((c) => c.name === 'date')).toMatchObject({
      type: 'date',
      nullCount: 0,
      min: '2000-01-01',
      max: '2010-03-01',
    });
    expect(worksheet.columns.find((c) => c.name === 'symbol')?.topValues).toEqual([
      { value: 'AAPL', count: 123 },
      { value: 'AMZN', count: 123 },
      { value: 'IBM', count: 123 },
      { value: 'MSFT', count: 123 },
      { value: 'GOOG', count: 68 },
    ]);
  });

  it('answers not_found for a worksheet outside the user’s workspaces exactly as for none at all', async () => {
    const flights = await demo.worksheetId('Flight Operations', 'Flights');
    const globex = await demo.worksheetId('Globex Sales', 'Stocks');
    const missing = 'ws_doesnotexist000000000';
    for (const worksheetId of [flights, globex, missing]) {
      const error = errorOf(await profile('grace', worksheetId));
      expect(error).toMatchObject({ code: 'not_found', retryable: false });
      expect(error.message).toBe(
        `No worksheet with id ${worksheetId} that you can read. Use list_workbooks and get_workbook to find worksheets you have access to.`,
      );
    }
    expect(errorOf(await profile('ada', globex)).code).toBe('not_found');
  });

  it('refuses a malformed id with invalid_argument naming worksheetId', async () => {
    expect(errorOf(await profile('ada', 'wb_notaworksheet'))).toMatchObject({
      code: 'invalid_argument',
      field: 'worksheetId',
    });
  });
});
