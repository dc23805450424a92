import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';

async function insertTelemetry(t: TestApp, daysAgo: number, tool: string): Promise<void> {
  await t.db.query(
    `insert into telemetry (at, tool, outcome, duration_ms, request_id, argument_shape)
     values (now() - make_interval(days => $1), $2, 'ok', 1, 'req_test', '{}'::jsonb)`,
    [daysAgo, tool],
  );
}

describe('scheduled retention purge', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('removes telemetry older than the configured window, keeps the rest and audits the purge', async () => {
    t = await createTestApp({ RETENTION_TELEMETRY_DAYS: '30' });
    await insertTelemetry(t, 45, 'old_call');
    await insertTelemetry(t, 10, 'recent_call');

    await t.app.purgeRetentionNow?.();

    const { rows } = await t.db.query<{ tool: string }>('select tool from telemetry order by tool');
    expect(rows.map((r) => r.tool)).toEqual(['recent_call']);
    const audit = await t.db.query<{ actor: string; action: string }>(
      "select actor, action from ops_audit where action = 'retention.purge'",
    );
    expect(audit.rows).toEqual([
      { actor: 'mcp-server:retention-schedule', action: 'retention.purge' },
    ]);
  });

  it('can be turned off', async () => {
    t = await createTestApp({ RETENTION_PURGE_INTERVAL_MINUTES: '0' });
    expect(t.app.purgeRetentionNow).toBeUndefined();
    expect(t.config.retention).toEqual({
      telemetryDays: 90,
      questionsDays: 365,
      purgeIntervalMinutes: 0,
    });
  });
});
