import { databaseTelemetry } from '@ask-analyst/service';
import { ToolErrorSchema } from '@ask-analyst/protocol';
import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError } from '../errors.js';
import { START } from '../test-support/app.js';
import { createTestDatabase, PEOPLE } from '../test-support/database.js';
import { toolHarness } from '../test-support/tools.js';
import { defineTool, type ToolContext } from './define-tool.js';
import { text } from './markdown.js';
import { toolErrorResult } from './run-tool.js';

const annotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** A test-only tool whose behaviour each test picks through `mode`. */
const probe = defineTool({
  name: 'probe',
  title: 'Probe',
  description: 'Test tool.',
  scope: 'workbooks.read',
  inputSchema: z.object({
    mode: z.enum(['ok', 'not_found', 'crash', 'bad_output', 'progress']).describe('What to do'),
    limit: z.number().int().min(1).max(100).optional().describe('1–100'),
    filters: z
      .array(
        z.object({ column: z.string().describe('Column'), value: z.unknown().describe('Value') }),
      )
      .optional()
      .describe('Filters'),
  }),
  outputSchema: z.object({ mode: z.string() }),
  annotations,
  async handler({ mode }, ctx: ToolContext) {
    if (mode === 'not_found')
      throw new ToolError('not_found', 'No workbook wb_123 that you can read.');
    if (mode === 'crash') throw new Error('database password is hunter2');
    if (mode === 'bad_output')
      return { structuredContent: { wrong: true } as unknown as { mode: string }, text: '' };
    if (mode === 'progress')
      await ctx.reportProgress({ progress: 1, total: 2, message: 'half way' });
    return { structuredContent: { mode }, text: `mode ${mode}` };
  },
});

const errorOf = (result: { structuredContent?: unknown }) =>
  ToolErrorSchema.parse(result.structuredContent).error;

describe('the tool funnel (runTool)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('returns structuredContent and markdown content on success', async () => {
    const result = await toolHarness(db).call(probe, { mode: 'ok' });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'mode ok' }],
      structuredContent: { mode: 'ok' },
    });
  });

  it('turns schema-invalid arguments into invalid_argument naming the field', async () => {
    const result = await toolHarness(db).call(probe, { mode: 'ok', limit: 1000 });
    expect(result.isError).toBe(true);
    const error = errorOf(result);
    expect(error).toMatchObject({
      code: 'invalid_argument',
      retryable: false,
      requestId: 'req_harness1',
      field: 'limit',
    });
    expect(error.message).toMatch(/argument "limit": Too big/);
    // The same words in `content`, as markdown text ("<=100" escaped).
    expect(result.content).toEqual([{ type: 'text', text: text(error.message) }]);

    const nested = errorOf(
      await toolHarness(db).call(probe, { mode: 'ok', filters: [{ value: 1 }] }),
    );
    expect(nested).toMatchObject({ code: 'invalid_argument', field: 'filters.0.column' });
    const missing = errorOf(await toolHarness(db).call(probe, {}));
    expect(missing).toMatchObject({ code: 'invalid_argument', field: 'mode' });
    expect(missing.message).toContain('"mode"');
  });

  it('maps a thrown ToolError to its code, message and retryability', async () => {
    const error = errorOf(await toolHarness(db).call(probe, { mode: 'not_found' }));
    expect(error).toEqual({
      code: 'not_found',
      message: 'No workbook wb_123 that you can read.',
      retryable: false,
      requestId: 'req_harness1',
    });
  });

  it('hides an unexpected exception behind internal', async () => {
    const result = await toolHarness(db).call(probe, { mode: 'crash' });
    const error = errorOf(result);
    expect(error.code).toBe('internal');
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('refuses output that does not match the output schema', async () => {
    expect(errorOf(await toolHarness(db).call(probe, { mode: 'bad_output' })).code).toBe(
      'internal',
    );
  });

  it('limits tool calls per user per minute with a retryable rate_limited error', async () => {
    const harness = toolHarness(db, { env: { TOOL_CALLS_PER_MINUTE: '2' } });
    expect((await harness.call(probe, { mode: 'ok' })).isError).toBeFalsy();
    harness.clock.now = START + 15_000;
    expect((await harness.call(probe, { mode: 'ok' })).isError).toBeFalsy();
    const error = errorOf(await harness.call(probe, { mode: 'ok' }));
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterSeconds: 45 });
    expect(error.message).toMatch(/2 per minute.*45 seconds/);
    expect(
      (await harness.call(probe, { mode: 'ok' }, { userId: PEOPLE.grace.id })).isError,
    ).toBeFalsy();
    harness.clock.now = START + 60_000;
    expect((await harness.call(probe, { mode: 'ok' })).isError).toBeFalsy();
  });

  it('sends progress notifications only when the request asked for them', async () => {
    const harness = toolHarness(db);
    await harness.call(probe, { mode: 'progress' });
    expect(harness.notifications).toEqual([]);
    await harness.call(probe, { mode: 'progress' }, { progressToken: 'p1' });
    expect(harness.notifications).toEqual([
      {
        method: 'notifications/progress',
        params: { progressToken: 'p1', progress: 1, total: 2, message: 'half way' },
      },
    ]);
  });

  it('records telemetry per call: who, what, outcome, request id and the argument shape, never values', async () => {
    const harness = toolHarness(db);
    await harness.call(probe, {
      mode: 'ok',
      filters: [{ column: 'Secret Column', value: 'SFO' }],
      'Origin = SFO': 1,
    });
    await harness.call(probe, { mode: 'not_found' });
    expect(harness.records).toEqual([
      {
        at: new Date(START),
        userId: PEOPLE.ada.id,
        orgId: 'org_acme000001',
        clientId: 'analyst-code-editor',
        tool: 'probe',
        outcome: 'ok',
        errorCode: null,
        durationMs: 0,
        requestId: 'req_harness1',
        argumentShape: {
          mode: 'string',
          filters: [{ column: 'string', value: 'string' }],
          '*': ['integer'],
        },
      },
      expect.objectContaining({ outcome: 'error', errorCode: 'not_found' }),
    ]);
    expect(JSON.stringify(harness.records)).not.toMatch(/SFO|Secret Column/);
  });

  it('writes telemetry rows to the database', async () => {
    const harness = toolHarness(db, { telemetry: databaseTelemetry(db) });
    await harness.call(probe, { mode: 'ok', limit: 5 });
    const { rows } = await db.query<{
      tool: string;
      outcome: string;
      argument_shape: unknown;
      request_id: string;
    }>(`select tool, outcome, argument_shape, request_id from telemetry where tool = 'probe'`);
    expect(rows).toEqual([
      {
        tool: 'probe',
        outcome: 'ok',
        argument_shape: { mode: 'string', limit: 'integer' },
        request_id: 'req_harness1',
      },
    ]);
  });

  it('never fails a call because telemetry failed', async () => {
    const harness = toolHarness(db, {
      telemetry: async () => {
        throw new Error('telemetry store down');
      },
    });
    const result = await harness.call(probe, { mode: 'ok' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ mode: 'ok' });
  });

  it('shows an error message as text: markup in it is escaped in `content`, kept in the data', () => {
    const message = 'No worksheet named <img src=x onerror=alert(1)> or [x](https://evil.test)';
    const result = toolErrorResult(new ToolError('not_found', message), 'req_1');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'No worksheet named \\<img src=x onerror=alert(1)\\> or \\[x\\](https://evil.test)',
      },
    ]);
    expect(ToolErrorSchema.parse(result.structuredContent).error.message).toBe(message);
  });
});
