import { scryptSync } from 'node:crypto';
import { type Database, passwordNeedsRehash } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, openTestDatabase, PASSWORD } from '../test-support/fixtures.js';
import { authenticate } from './sign-in.js';

/** A hash as an older release with a lower scrypt cost would have stored it. */
function legacyHash(password: string): string {
  const salt = Buffer.from('legacy-salt-1234');
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('sign-in with a hash made at a lower cost', () => {
  let db: Database;
  let userId: string;
  const storedHash = async () =>
    (
      await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
        userId,
      ])
    ).rows[0]!.password_hash;

  beforeAll(async () => {
    db = await openTestDatabase();
    const org = await createOrg(db, 'Acme', true);
    userId = (await createUser(db, org, 'old@acme.test')).id;
    await db.query('update users set password_hash = $2 where id = $1', [
      userId,
      legacyHash(PASSWORD),
    ]);
  });
  afterAll(() => db.close());

  it('leaves the hash alone after a wrong password', async () => {
    expect((await authenticate(db, 'old@acme.test', 'wrong')).kind).toBe('invalid');
    expect(await storedHash()).toBe(legacyHash(PASSWORD));
  });

  it('signs the user in and stores a hash at the current cost', async () => {
    expect((await authenticate(db, 'old@acme.test', PASSWORD)).kind).toBe('signed-in');
    const rehashed = await storedHash();
    expect(rehashed).not.toBe(legacyHash(PASSWORD));
    expect(passwordNeedsRehash(rehashed)).toBe(false);
    expect((await authenticate(db, 'old@acme.test', PASSWORD)).kind).toBe('signed-in');
  });
});
