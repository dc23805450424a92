import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './database.js';
import { openPglite } from './pglite.js';

/** The embedded database's own session handling (prepared statements, the transaction lock). */
describe('embedded database (PGlite) with prepared statements', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite(undefined);
  });

  beforeEach(async () => {
    await db.query('drop table if exists things');
    await db.query(
      `create table things (id text primary key, n integer, big bigint, at timestamptz,
       doc jsonb, ok boolean, tags text[])`,
    );
  });

  afterAll(async () => {
    await db.close();
  });

  it('types parameters and rows as PGlite does, nulls included', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.query(
      'insert into things (id, n, big, at, doc, ok, tags) values ($1, $2, $3, $4, $5, $6, $7)',
      ['a', 7, 9_007_199_254_740, at, { k: [1, 'x'] }, true, ['p', 'q']],
    );
    await db.query('insert into things (id, n, doc) values ($1, $2, $3)', ['b', null, null]);
    await db.query('insert into things (id, tags) values ($1, $2)', ['c', ['Zürich ✈ 東京', '']]);
    const { rows } = await db.query<Record<string, unknown>>(
      'select id, n, big, at, doc, ok, tags from things order by id',
    );
    expect(rows).toEqual([
      {
        id: 'a',
        n: 7,
        big: 9_007_199_254_740,
        at,
        doc: { k: [1, 'x'] },
        ok: true,
        tags: ['p', 'q'],
      },
      { id: 'b', n: null, big: null, at: null, doc: null, ok: null, tags: null },
      { id: 'c', n: null, big: null, at: null, doc: null, ok: null, tags: ['Zürich ✈ 東京', ''] },
    ]);
    const text = await db.query<{ s: string; e: string }>("select $1::text as s, '' as e", [
      'naïve – 😀',
    ]);
    expect(text.rows).toEqual([{ s: 'naïve – 😀', e: '' }]);
    const unnested = await db.query<{ id: string }>(
      'select id from unnest($1::text[]) as t(id) order by id',
      [['z', 'y']],
    );
    expect(unnested.rows.map((r) => r.id)).toEqual(['y', 'z']);
  });

  it('counts rows returned by a select and rows changed by a write', async () => {
    const insert = await db.query(
      "insert into things (id) select 'r' || g from generate_series(1, 3) g",
    );
    expect(insert.rowCount).toBe(3);
    expect((await db.query('select id from things')).rowCount).toBe(3);
    expect((await db.query("update things set n = 1 where id <> 'r1'")).rowCount).toBe(2);
    expect((await db.query("delete from things where id = 'none'")).rowCount).toBe(0);
  });

  it('reports errors with their SQLSTATE and keeps the session usable', async () => {
    await db.query("insert into things (id) values ('a')");
    await expect(db.query("insert into things (id) values ('a')")).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.query('select nope from things')).rejects.toMatchObject({ code: '42703' });
    expect((await db.query('select id from things')).rows).toEqual([{ id: 'a' }]);
  });

  it('runs a statement from outside only after an open transaction ends, never inside it', async () => {
    let reached!: () => void;
    const inside = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into things (id) values ('in-tx')");
      reached();
      await held;
      throw new Error('roll it back');
    });
    await inside;
    // Issued while the transaction is open: were it run inside, the rollback would take it too.
    const outside = db.query("insert into things (id) values ('outside')");
    release();
    await expect(transaction).rejects.toThrow('roll it back');
    await outside;
    const { rows } = await db.query<{ id: string }>('select id from things order by id');
    expect(rows).toEqual([{ id: 'outside' }]);
  });

  it('commits a transaction, and refuses to report success for one the backend rolled back', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("insert into things (id) values ('t1')");
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into things (id) values ('t2')");
        // A caught error still aborts the transaction: COMMIT turns into ROLLBACK.
        await tx.query("insert into things (id) values ('t1')").catch(() => undefined);
      }),
    ).rejects.toThrow('rolled back');
    const { rows } = await db.query<{ id: string }>('select id from things order by id');
    expect(rows).toEqual([{ id: 't1' }]);
    let kept!: Queryable;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept.query('select 1')).rejects.toThrow('over');
  });

  it('prepares again a statement whose result shape a schema change altered', async () => {
    await db.query("insert into things (id) values ('a')");
    const before = await db.query<Record<string, unknown>>('select * from things');
    expect(Object.keys(before.rows[0]!)).not.toContain('extra');
    await db.query("alter table things add column extra text not null default 'e'");
    const after = await db.query<Record<string, unknown>>('select * from things');
    expect(after.rows[0]).toMatchObject({ id: 'a', extra: 'e' });
  });

  it('keeps working past its bound on prepared statements', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await db.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(rows[0]!.v).toBe(i + 1);
    }
    const { rows } = await db.query<{ v: number }>('select $1::int + 0 as v', [1]);
    expect(rows[0]!.v).toBe(1);
  });

  it('answers concurrent statements each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => db.query<{ v: number }>('select $1::int * 2 as v', [i])),
    );
    expect(answers.map((a) => a.rows[0]!.v)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });

  it('refuses statements once closed', async () => {
    const other = await openPglite(undefined);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('closed');
    await expect(other.transaction(async () => undefined)).rejects.toThrow('closed');
  });
});
