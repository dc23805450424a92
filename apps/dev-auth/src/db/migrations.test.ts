import { migrate, productMigrationSet } from '@ask-analyst/workspace';
import { openTestDatabase, testDatabaseKind } from '@ask-analyst/workspace/testing';
import { describe, expect, it } from 'vitest';
import { authMigrationSet } from './migrations.js';

const tableExists = async (db: Awaited<ReturnType<typeof openTestDatabase>>, name: string) =>
  (await db.query<{ t: string | null }>('select to_regclass($1)::text as t', [name])).rows[0]?.t !==
  null;

describe(`dev-auth owns its tables (${testDatabaseKind()})`, () => {
  it('the product migrations create no provider table; dev-auth migrations do, once', async () => {
    const db = await openTestDatabase({ migrate: false });
    try {
      await migrate(db, [productMigrationSet]);
      expect(await tableExists(db, 'oidc_models')).toBe(false);
      expect(await tableExists(db, 'signing_keys')).toBe(false);
      expect(await migrate(db, [productMigrationSet, authMigrationSet])).toEqual({ applied: [1] });
      expect(await tableExists(db, 'oidc_models')).toBe(true);
      expect(await tableExists(db, 'signing_keys')).toBe(true);
      expect(await migrate(db, [productMigrationSet, authMigrationSet])).toEqual({ applied: [] });
    } finally {
      await db.close();
    }
  });

  it('adopts the tables of a database made when the product core created them, rows kept', async () => {
    const db = await openTestDatabase({ migrate: false });
    try {
      await migrate(db, [productMigrationSet]);
      // As the product core's version 1 used to leave them.
      await db.query(
        `create table oidc_models (model text not null, id text not null, payload jsonb not null,
          grant_id text, user_code text, uid text, account_id text, expires_at timestamptz,
          consumed_at timestamptz, primary key (model, id))`,
      );
      await db.query(
        `create table signing_keys (kid text primary key, private_jwk jsonb not null,
          created_at timestamptz not null default now(), retired_at timestamptz)`,
      );
      await db.query(`insert into oidc_models (model, id, payload) values ('Client', 'c1', '{}')`);
      await migrate(db, [productMigrationSet, authMigrationSet]);
      expect((await db.query('select id from oidc_models')).rows).toEqual([{ id: 'c1' }]);
    } finally {
      await db.close();
    }
  });
});
