import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ReadWorksheetOutputSchema } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, START } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

const WORKBOOK_TOOLS = ['list_workbooks', 'get_workbook', 'get_worksheet', 'read_worksheet'];

/** The workbook tools together: a real client, the per-user limit, and what telemetry keeps. */
describe('workbook and worksheet tools', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('serve a real v2 client: listed with annotations and schemas, results matching them', async () => {
    const t = await createTestApp({}, { world: demo });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const offset = t.clock.now - Date.now();
    Object.defineProperty(t.clock, 'now', { get: () => Date.now() + offset });
    const url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
    const token = await t.issuer.mint(demo.users.grace.id, {
      claims: { org: demo.users.grace.orgId },
    });
    const client = new Client({ name: 'workbook-tools', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      expect(client.getInstructions()).toMatch(/list_workbooks[\s\S]*read_worksheet/);
      const listed = (await client.listTools()).tools.filter((t) =>
        WORKBOOK_TOOLS.includes(t.name),
      );
      expect(listed.map((tool) => tool.name).sort()).toEqual([...WORKBOOK_TOOLS].sort());
      for (const tool of listed) {
        expect(tool.annotations, tool.name).toEqual({
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
        expect(tool.outputSchema?.type, tool.name).toBe('object');
      }
      const read = listed.find((tool) => tool.name === 'read_worksheet');
      expect(read?.inputSchema).toMatchObject({
        required: ['worksheetId'],
        properties: { limit: { maximum: 1000, minimum: 1 } },
      });

      const worksheetId = await demo.worksheetId('Penguins', 'Penguins');
      const result = await client.callTool({
        name: 'read_worksheet',
        arguments: { worksheetId, columns: ['Species', 'Island'], limit: 3 },
      });
      expect(ReadWorksheetOutputSchema.parse(result.structuredContent)).toMatchObject({
        columns: [
          { name: 'Species', type: 'string' },
          { name: 'Island', type: 'string' },
        ],
        rows: [
          ['Adelie', 'Torgersen'],
          ['Adelie', 'Torgersen'],
          ['Adelie', 'Torgersen'],
        ],
        totalRows: 344,
      });
    } finally {
      await client.close();
      await t.close();
    }
  });

  it('count toward the per-user TOOL_CALLS_PER_MINUTE limit: rate_limited, retryable, with the wait', async () => {
    const t = await createTestApp({ TOOL_CALLS_PER_MINUTE: '3' }, { world: demo });
    try {
      const token = (user: 'ada' | 'alan') =>
        t.issuer.mint(demo.users[user].id, { claims: { org: demo.users[user].orgId } });
      const workbookId = await demo.workbookId('Automobiles');
      const worksheetId = await demo.worksheetId('Automobiles', 'Cars');
      const ada = await token('ada');
      expect((await callTool(t.app, ada, 'list_workbooks', {})).isError).toBeFalsy();
      t.clock.now = START + 20_000;
      expect((await callTool(t.app, ada, 'get_workbook', { workbookId })).isError).toBeFalsy();
      expect((await callTool(t.app, ada, 'get_worksheet', { worksheetId })).isError).toBeFalsy();
      const limited = errorOf(await callTool(t.app, ada, 'read_worksheet', { worksheetId }));
      expect(limited).toMatchObject({
        code: 'rate_limited',
        retryable: true,
        retryAfterSeconds: 40,
      });
      expect(limited.message).toMatch(/3 per minute.*40 seconds/);
      const alan = await token('alan');
      expect((await callTool(t.app, alan, 'read_worksheet', { worksheetId })).isError).toBeFalsy();
      t.clock.now = START + 60_000;
      expect((await callTool(t.app, ada, 'read_worksheet', { worksheetId })).isError).toBeFalsy();
    } finally {
      await t.close();
    }
  });

  it('leave one telemetry row per call with the argument shape, never a value', async () => {
    const ada = await demo.tokenFor('ada');
    const worksheetId = await demo.worksheetId('Automobiles', 'Cars');
    const secrets = ['Secret Flight Query', 'Europe', 'Origin', 'Weight_in_lbs', worksheetId];
    const before = await demo.db.query<{ id: number | null }>(
      'select max(id) as id from telemetry',
    );
    const since = Number(before.rows[0]?.id ?? 0);
    dataOf(await callTool(demo.app, ada, 'list_workbooks', { query: 'Secret Flight Query' }));
    dataOf(
      await callTool(demo.app, ada, 'read_worksheet', {
        worksheetId,
        columns: ['Origin', 'Weight_in_lbs'],
        filters: [{ column: 'Origin', op: 'eq', value: 'Europe' }],
        sort: [{ column: 'Weight_in_lbs', direction: 'desc' }],
        limit: 5,
      }),
    );
    errorOf(
      await callTool(demo.app, ada, 'read_worksheet', {
        worksheetId,
        filters: [{ column: 'Origin', op: 'gt', value: 'Europe', Origin: 'Europe' }],
      }),
    );
    await demo.app.flushTelemetry();
    const { rows } = await demo.db.query<Record<string, unknown>>(
      'select * from telemetry where id > $1 order by id',
      [since],
    );
    expect(rows).toHaveLength(3);
    for (const secret of secrets) expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.map((row) => [row.tool, row.outcome, row.error_code])).toEqual([
      ['list_workbooks', 'ok', null],
      ['read_worksheet', 'ok', null],
      ['read_worksheet', 'error', 'invalid_argument'],
    ]);
    expect(rows[0]).toMatchObject({
      user_id: demo.users.ada.id,
      org_id: demo.users.ada.orgId,
      client_id: 'analyst-code-editor',
      request_id: expect.stringMatching(/^req_/) as unknown,
      argument_shape: { query: 'string' },
    });
    expect(rows[1]?.argument_shape).toEqual({
      worksheetId: 'string',
      columns: ['string'],
      filters: [{ column: 'string', op: 'string', value: 'string' }],
      sort: [{ column: 'string', direction: 'string' }],
      limit: 'integer',
    });
    expect(rows[2]?.argument_shape).toEqual({
      worksheetId: 'string',
      filters: [{ column: 'string', op: 'string', value: 'string', '*': ['string'] }],
    });
  });
});
