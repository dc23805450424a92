import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../errors.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../testing/postgres-server.js';
import { openDatabase, type Database } from './database.js';

// It brings its own server (to freeze it): run once, in the embedded pass of `npm test`.
const found = process.env.TEST_DATABASE_URL
  ? { skipped: 'runs in the embedded pass, with a server of its own' }
  : await startThrowawayPostgres();
const server = 'url' in found ? found : undefined;
const TIMEOUT_MS = 1_500;

/** How long `work` took to settle, and how. */
async function timed(work: () => Promise<unknown>) {
  const started = Date.now();
  const outcome = await work().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { ...outcome, ms: Date.now() - started };
}

const isUnavailable = (error: unknown) =>
  error instanceof WorkspaceError && error.code === 'unavailable';

/**
 * A Postgres server that hangs without closing its sockets (every process SIGSTOPped, as behind a
 * partition): calls fail as `unavailable` after the configured times instead of waiting forever,
 * and the pool serves again once the server answers.
 */
describe.skipIf(!server)(
  `a hung Postgres server${server ? '' : ` (skipped: ${'skipped' in found ? found.skipped : ''})`}`,
  () => {
    const pg = server as ThrowawayPostgres;
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase({
        url: pg.url,
        queryTimeoutMs: TIMEOUT_MS,
        connectTimeoutMs: TIMEOUT_MS,
      });
      await db.query('create table hang_probe (n int)');
    });
    afterAll(async () => {
      await pg.thaw().catch(() => undefined);
      await db?.close();
      await pg.destroy();
    });

    it('fails statements, transactions and new connections as unavailable, then recovers', async () => {
      expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      await pg.freeze();
      try {
        // Twelve at once: more than the pool's ten connections, so some wait for one.
        const calls = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            timed(() =>
              i % 3 === 0
                ? db.transaction(async (tx) => tx.query('insert into hang_probe values ($1)', [i]))
                : db.query('select $1::int as n', [i]),
            ),
          ),
        );
        for (const call of calls) {
          expect(call.ok).toBe(false);
          if (!call.ok) expect(isUnavailable(call.error), String(call.error)).toBe(true);
          // A timeout or two (a wait for a pooled connection, then the statement), never forever.
          expect(call.ms).toBeLessThan(4 * TIMEOUT_MS + 2_000);
        }
      } finally {
        await pg.thaw();
      }
      expect((await db.query<{ n: number }>('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
      const kept = await db.query<{ n: number }>('select count(*)::int as n from hang_probe');
      expect(kept.rows).toEqual([{ n: 0 }]);
    });
  },
);
