import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/database.js';
import { roleGrants, type ServiceRole } from '../db/roles.js';
import type { TestDatabase } from './database.js';

/**
 * The test database as a process running under its least-privilege role would see it. On a
 * Postgres server: a new login role holding only `roleGrants(role)`, reached through its own pool;
 * `close()` drops the role. On PGlite (one connection): `set role` on the same handle, so close
 * this before using `db` as owner again. Extra grants (e.g. an app's own tables) can be given.
 */
export async function openAsRole(
  db: TestDatabase,
  role: ServiceRole,
  extraGrants: (roleName: string) => string[] = () => [],
): Promise<Database> {
  const name = `aa_${role.replace('-', '_')}_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const login = db.url ? ` login password '${password}'` : ' nologin';
  await db.query(`create role ${name}${login}`);
  for (const statement of [...roleGrants(role, name), ...extraGrants(name)])
    await db.query(statement);
  if (!db.url) {
    await db.query(`set role ${name}`);
    return {
      kind: db.kind,
      query: (text, params) => db.query(text, params),
      transaction: (fn) => db.transaction(fn),
      async close() {
        await db.query('reset role');
      },
    };
  }
  const url = new URL(db.url);
  url.username = name;
  url.password = password;
  const asRole = await openDatabase({ url: url.toString() });
  return {
    ...asRole,
    async close() {
      await asRole.close();
      await db.query(`drop owned by ${name}`);
      await db.query(`drop role ${name}`);
    },
  };
}
