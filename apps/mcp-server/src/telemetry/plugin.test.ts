import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { PEOPLE } from '../test-support/database.js';

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
