import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { PEOPLE } from '../test-support/database.js';
import { createTelemetryBatcher } from './batcher.js';
import type { ToolCallRecord } from './record.js';

const record = (i: number): ToolCallRecord => ({
  at: new Date(0),
  userId: 'usr_x',
  orgId: 'org_x',
  clientId: 'client',
  tool: 'probe',
  outcome: 'ok',
  errorCode: null,
  durationMs: 1,
  requestId: `req_${i}`,
  argumentShape: {},
});

describe('createTelemetryBatcher', () => {
  it('writes records in batches, keeps a failed batch for the next attempt, and flushes all on close', async () => {
    const written: string[][] = [];
    let failNext = true;
    const batcher = createTelemetryBatcher({
      maxBatch: 3,
      flushDelayMs: 60_000,
      write: async (records) => {
        if (failNext) {
          failNext = false;
          throw new Error('database unavailable');
        }
        written.push(records.map((r) => r.requestId));
      },
    });
    for (let i = 0; i < 7; i += 1) await batcher.sink(record(i));
    await batcher.close();
    expect(written.flat()).toEqual(['req_0', 'req_1', 'req_2', 'req_3', 'req_4', 'req_5', 'req_6']);
    expect(Math.max(...written.map((batch) => batch.length))).toBeLessThanOrEqual(3);
    expect(batcher.pending).toBe(0);
  });

  it('holds a bounded backlog while writes fail and says how many it dropped', async () => {
    const drops: number[] = [];
    const batcher = createTelemetryBatcher({
      maxPending: 5,
      maxBatch: 100,
      flushDelayMs: 60_000,
      write: () => Promise.reject(new Error('down')),
      onDrop: (dropped) => drops.push(dropped),
    });
    for (let i = 0; i < 8; i += 1) await batcher.sink(record(i));
    expect(batcher.pending).toBe(5);
    expect(drops.reduce((a, b) => a + b, 0)).toBe(3);
    await expect(batcher.close()).rejects.toThrow('down');
  });
});

describe('telemetry of every call through the endpoint', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('records each of many concurrent calls once, written at the latest when the app closes', async () => {
    t = await createTestApp({ TOOL_CALLS_PER_MINUTE: '1000' });
    const token = await t.token(PEOPLE.ada.id);
    const calls = 120;
    const responses = await Promise.all(
      Array.from({ length: calls }, (_, i) =>
        t!.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: mcpHeaders(token),
          payload: {
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'whoami', arguments: {} },
          },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const requestIds = new Set(responses.map((r) => r.headers['x-request-id']));
    const db = t.db;
    // A graceful close writes what is still buffered, before the database goes away.
    await t.app.close();
    const { rows } = await db.query<{ request_id: string; tool: string; user_id: string }>(
      "select request_id, tool, user_id from telemetry where tool = 'whoami'",
    );
    expect(rows).toHaveLength(calls);
    expect(new Set(rows.map((r) => r.request_id))).toEqual(requestIds);
    expect(rows.every((r) => r.user_id === PEOPLE.ada.id)).toBe(true);
  });
});
