import { migrate, openDatabase, type Database } from '@ask-analyst/workspace';

/** Users of the test organizations, by role in the tests. */
export const PEOPLE = {
  ada: {
    id: 'usr_ada0000001',
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    orgId: 'org_acme000001',
  },
  linus: {
    id: 'usr_linus00001',
    email: 'linus@acme.test',
    name: 'Linus',
    orgId: 'org_acme000001',
    revoked: true,
  },
  grace: {
    id: 'usr_grace00001',
    email: 'grace@acme.test',
    name: 'Grace Hopper',
    orgId: 'org_acme000001',
  },
  hopper: {
    id: 'usr_hopper0001',
    email: 'hopper@globex.test',
    name: 'Hopper',
    orgId: 'org_globex00001',
  },
} as const;
export type Person = (typeof PEOPLE)[keyof typeof PEOPLE];

/** An in-memory, migrated database with Acme (enrolled) and Globex (not enrolled) and their users. */
export async function createTestDatabase(): Promise<Database> {
  const db = await openDatabase({});
  await migrate(db);
  await db.query(
    `insert into organizations (id, name, enrolled) values ('org_acme000001', 'Acme Analytics', true), ('org_globex00001', 'Globex', false)`,
  );
  for (const person of Object.values(PEOPLE)) {
    await db.query(
      'insert into users (id, org_id, email, name, status) values ($1, $2, $3, $4, $5)',
      [
        person.id,
        person.orgId,
        person.email,
        person.name,
        'revoked' in person ? 'revoked' : 'active',
      ],
    );
  }
  return db;
}

/** Operator invalidation: tokens issued before `at` are refused (SPEC section 7). */
export async function invalidateTokens(db: Database, userId: string, at: Date): Promise<void> {
  await db.query('update users set tokens_invalid_before = $2 where id = $1', [userId, at]);
}
