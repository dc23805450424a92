import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWorkspaceError } from '../errors.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { openDatabase } from './database.js';

describe('a Postgres server that cannot be reached', () => {
  it('is WorkspaceError unavailable, not a raw socket error', async () => {
    // Port 1 on loopback: nothing listens there, the kernel refuses at once.
    const opening = openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(opening).rejects.toSatisfy((error) => isWorkspaceError(error, 'unavailable'));
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'a connection the Postgres server ends (postgres only: PGlite has no connection to lose)',
  () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openTestDatabase({ migrate: false });
    });
    afterAll(async () => {
      await db?.close();
    });

    it('ended between two statements of a transaction: unavailable, no uncaught error event, the pool goes on', async () => {
      const attempt = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        // From another connection of the pool, as a restart or failover would.
        await db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // The connection ends while no statement runs on it: pg reports that as an 'error'
        // event of the checked-out client, which crashed the process when nobody listened.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.query('select 1');
      });
      await expect(attempt).rejects.toSatisfy((error) => isWorkspaceError(error, 'unavailable'));
      const { rows } = await db.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    });

    it('a statement whose connection the server ends is unavailable', async () => {
      const victim = expect(db.query('select pg_sleep(5)')).rejects.toSatisfy((error) =>
        isWorkspaceError(error, 'unavailable'),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'select pg_sleep(5)' and pid <> pg_backend_pid()",
      );
      await victim;
    });

    it('errors of the statement itself keep their own code', async () => {
      await expect(db.query('select * from no_such_table')).rejects.toMatchObject({
        code: '42P01',
      });
    });
  },
);
