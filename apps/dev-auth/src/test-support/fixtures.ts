import { type Database, hashPassword, migrate, newId } from '@ask-analyst/workspace';
import { openTestDatabase as openStoreTestDatabase } from '@ask-analyst/workspace/testing';
import { authMigrationSet } from '../db/migrations.js';

export const PASSWORD = 'correct horse battery staple';

/**
 * A fresh database with the product's and this server's migrations: in-memory PGlite, or a new
 * database on the TEST_DATABASE_URL server.
 */
export async function openTestDatabase(): Promise<Database> {
  const db = await openStoreTestDatabase();
  await migrate(db, [authMigrationSet]);
  return db;
}

export async function createOrg(db: Database, name: string, enrolled: boolean): Promise<string> {
  const id = newId('org');
  await db.query('insert into organizations (id, name, enrolled) values ($1, $2, $3)', [
    id,
    name,
    enrolled,
  ]);
  return id;
}

export interface TestUser {
  id: string;
  orgId: string;
  email: string;
}

export async function createUser(
  db: Database,
  orgId: string,
  email: string,
  options: { status?: 'active' | 'revoked'; password?: string } = {},
): Promise<TestUser> {
  const id = newId('usr');
  await db.query(
    'insert into users (id, org_id, email, name, password_hash, status) values ($1, $2, $3, $4, $5, $6)',
    [
      id,
      orgId,
      email,
      email.split('@')[0],
      await hashPassword(options.password ?? PASSWORD),
      options.status ?? 'active',
    ],
  );
  return { id, orgId, email };
}

export async function setUserStatus(
  db: Database,
  userId: string,
  status: 'active' | 'revoked',
): Promise<void> {
  await db.query('update users set status = $2, updated_at = now() where id = $1', [
    userId,
    status,
  ]);
}

export async function invalidateTokens(db: Database, userId: string, at: Date): Promise<void> {
  await db.query('update users set tokens_invalid_before = $2 where id = $1', [userId, at]);
}

/** An enrolled org with two active users and one revoked, and a non-enrolled org with one user. */
export async function seedPeople(db: Database) {
  const acme = await createOrg(db, 'Acme', true);
  const globex = await createOrg(db, 'Globex', false);
  return {
    acme,
    globex,
    ada: await createUser(db, acme, 'ada@acme.test'),
    alan: await createUser(db, acme, 'alan@acme.test'),
    grace: await createUser(db, acme, 'grace@acme.test'),
    linus: await createUser(db, acme, 'linus@acme.test', { status: 'revoked' }),
    hopper: await createUser(db, globex, 'hopper@globex.test'),
  };
}
