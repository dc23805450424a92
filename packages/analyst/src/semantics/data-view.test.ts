import { describe, expect, it } from 'vitest';
import { overWorksheet, SOURCE_VIEW } from './data-view.js';
import type { ColumnSemantics } from './worksheet.js';

const column = (name: string, missingValues?: string[]) =>
  ({ name, ...(missingValues ? { missingValues } : {}) }) as unknown as ColumnSemantics;

describe('overWorksheet', () => {
  it('reads the file as ws when no value is marked missing', () => {
    expect(overWorksheet('SELECT count(*) FROM ws', '/d/a.parquet', [column('city')])).toEqual({
      sql: 'SELECT count(*) FROM ws',
      views: { ws: '/d/a.parquet' },
    });
  });

  it('blanks the marked values in a ws expression over the file, quoting them', () => {
    const { sql, views } = overWorksheet('SELECT count(*) FROM ws', '/d/a.parquet', [
      column('city', ['NA', "n'a"]),
      column('name'),
    ]);
    expect(views).toEqual({ [SOURCE_VIEW]: '/d/a.parquet' });
    expect(sql).toBe(
      `WITH "ws" AS (SELECT * REPLACE (CASE WHEN "city" IN ('NA', 'n''a') THEN NULL ELSE "city" END AS "city") FROM ${SOURCE_VIEW}) SELECT count(*) FROM ws`,
    );
  });

  it('goes first among the query’s own common table expressions', () => {
    const { sql } = overWorksheet('WITH base AS (SELECT 1 FROM ws) SELECT * FROM base', 'p', [
      column('state', ['NA']),
    ]);
    expect(sql).toMatch(/^WITH "ws" AS \(.*\), base AS \(SELECT 1 FROM ws\) SELECT \* FROM base$/);
  });
});
