import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/database.js';
import { createTestApp, mcpHeaders, openTestEngine, type TestApp } from '../test-support/app.js';

const PER_MINUTE = 3;

/**
 * Decision 134: the per-user tool-call limit is counted per replica. Two replicas on one database
 * each allow TOOL_CALLS_PER_MINUTE to the same user, so behind N replicas balanced round-robin the
 * effective limit is N times the configured one (docs/deployment.md, docs/capacity.md).
 */
describe('per-user limits behind several replicas', () => {
  const replicas: TestApp[] = [];
  const owned: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    const db = await createTestDatabase();
    const { engine, dispose } = await openTestEngine();
    owned.push(dispose, () => db.close());
    for (const name of ['mcp-1', 'mcp-2']) {
      replicas.push(
        await createTestApp(
          { TOOL_CALLS_PER_MINUTE: String(PER_MINUTE), REPLICA_NAME: name },
          { world: { db, engine } },
        ),
      );
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const close of owned) await close();
  });

  async function whoami(replica: TestApp): Promise<string> {
    const response = await replica.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(await replica.token()),
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'whoami', arguments: {} },
      },
    });
    const { result } = response.json<{
      result: { isError?: boolean; structuredContent: { error?: { code: string } } };
    }>();
    return result.isError ? (result.structuredContent.error?.code ?? 'error') : 'ok';
  }

  it('gives one user the limit on each replica: N replicas, N times the limit', async () => {
    const outcomes: string[] = [];
    for (const replica of replicas) {
      for (let i = 0; i <= PER_MINUTE; i++) outcomes.push(await whoami(replica));
    }
    const each = [...Array<string>(PER_MINUTE).fill('ok'), 'rate_limited'];
    expect(outcomes).toEqual([...each, ...each]);
  });
});
