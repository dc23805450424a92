import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContinueAnalysisInputSchema, StartAnalysisInputSchema } from './analyses.js';
import { ListWorkbooksInputSchema } from './workbooks.js';
import { ReadWorksheetInputSchema, ReadWorksheetOutputSchema } from './worksheets.js';

const issuePaths = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('read_worksheet schemas', () => {
  it('accepts the arguments of SPEC section 4 and fills the sort direction', () => {
    const parsed = ReadWorksheetInputSchema.parse({
      worksheetId: 'ws_abc123',
      columns: ['origin', 'delay'],
      filters: [
        { column: 'origin', op: 'in', value: ['SFO', 'LAX'] },
        { column: 'delay', op: 'gte', value: 30 },
        { column: 'delay', op: 'not_null' },
      ],
      sort: [{ column: 'delay' }],
      limit: 1000,
      cursor: null,
    });
    expect(parsed.sort).toEqual([{ column: 'delay', direction: 'asc' }]);
  });

  it('refuses what the contract does not allow, at the offending path', () => {
    const cases: Array<[unknown, string]> = [
      [{ worksheetId: 'wb_abc' }, 'worksheetId'],
      [{ worksheetId: 'ws_abc', limit: 1001 }, 'limit'],
      [{ worksheetId: 'ws_abc', filters: [{ column: 'a', op: 'like' }] }, 'filters.0.op'],
      [
        { worksheetId: 'ws_abc', filters: [{ column: 'a', op: 'eq', value: {} }] },
        'filters.0.value',
      ],
      [{ worksheetId: 'ws_abc', sort: [{ column: 'a', direction: 'up' }] }, 'sort.0.direction'],
      [{ worksheetId: 'ws_abc', filter: [] }, ''],
    ];
    for (const [args, path] of cases) {
      expect(issuePaths(ReadWorksheetInputSchema.safeParse(args))).toContain(path);
    }
  });

  it('describes every input field, nested ones included', () => {
    const schema = z.toJSONSchema(ReadWorksheetInputSchema, { io: 'input' }) as {
      properties: Record<string, { description?: string; items?: { properties?: object } }>;
    };
    for (const [name, field] of Object.entries(schema.properties)) {
      expect(field.description, name).toBeTruthy();
      for (const [inner, nested] of Object.entries(field.items?.properties ?? {})) {
        expect((nested as { description?: string }).description, `${name}.${inner}`).toBeTruthy();
      }
    }
  });

  it('carries cells as strings, numbers, booleans or null', () => {
    const page = {
      columns: [{ name: 'date', type: 'timestamp' }],
      rows: [['2001-01-01T00:01:00.000Z'], [null], [3], [true]],
      totalRows: 4,
      nextCursor: null,
    };
    expect(ReadWorksheetOutputSchema.parse(page)).toEqual(page);
    expect(ReadWorksheetOutputSchema.safeParse({ ...page, rows: [[{}]] }).success).toBe(false);
  });
});

describe('list_workbooks schema', () => {
  it('bounds query and limit', () => {
    expect(ListWorkbooksInputSchema.safeParse({ query: 'x'.repeat(200), limit: 100 }).success).toBe(
      true,
    );
    expect(issuePaths(ListWorkbooksInputSchema.safeParse({ query: 'x'.repeat(201) }))).toEqual([
      'query',
    ]);
    expect(issuePaths(ListWorkbooksInputSchema.safeParse({ limit: 0 }))).toEqual(['limit']);
  });

  it('refuses a NUL in free text that reaches the database (query, questions)', () => {
    // Fuzzing found PostgreSQL failing on U+0000 in text: an `internal` error instead of a refusal.
    expect(issuePaths(ListWorkbooksInputSchema.safeParse({ query: 'a\u0000b' }))).toEqual([
      'query',
    ]);
    expect(issuePaths(StartAnalysisInputSchema.safeParse({ question: 'How many\u0000?' }))).toEqual(
      ['question'],
    );
    expect(
      issuePaths(
        ContinueAnalysisInputSchema.safeParse({ conversationId: 'conv_abc', question: '\u0000' }),
      ),
    ).toEqual(['question']);
    expect(StartAnalysisInputSchema.safeParse({ question: 'How many \ud800 rows?' }).success).toBe(
      true,
    );
  });
});
