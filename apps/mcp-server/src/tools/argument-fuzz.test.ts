import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AnalysisOutputSchema,
  FILTER_OPS,
  ListWorkbooksOutputSchema,
  ReadWorksheetOutputSchema,
} from '@ask-analyst/protocol';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHeaders } from '../test-support/app.js';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import {
  expectTypedAnswer,
  fuzzRuns,
  oddNumber,
  oddString,
  oddValue,
  watchCrashes,
} from '../test-support/fuzz.js';
import { callTool, dataOf } from '../test-support/mcp-call.js';
import { demoJson, expectedRows, type Row } from '../test-support/oracle.js';
import { tools } from './index.js';

/*
 * Property-based fuzzing of every tool's arguments, and an SQL-injection corpus against
 * read_worksheet (filters, sort, columns, cursor), list_workbooks and Ask Analyst questions, over
 * the seeded demo workspace (issue #11). Every answer is a valid result or a typed tool error,
 * a literal stays a literal, no SQL text leaks, and the data is intact afterwards.
 */

/** Classic and DuckDB/Postgres-specific injection payloads. */
const SQL_CORPUS = [
  "'",
  "''",
  '"',
  '`',
  '\\',
  "'; drop table users; --",
  '"; drop table workbooks; --',
  "Adelie'; delete from turns; --",
  "1' or '1'='1",
  "' or 1=1 --",
  "') or ('1'='1",
  '1 or 1=1',
  '--',
  '/* */',
  '*/ select 1 /*',
  "' union select email, password_hash, null, null, null, null, null from users --",
  'Species" union select * from users --',
  "Adelie' union all select table_name from information_schema.tables --",
  "'; select pg_sleep(5); --",
  "' || pg_sleep(5) || '",
  "read_csv('/etc/passwd')",
  "' || (select * from read_csv('/etc/passwd')) || '",
  "'); select * from read_text('/etc/passwd'); --",
  "'; copy (select 1) to '/tmp/ask-analyst-pwned.csv'; --",
  "'; attach '/tmp/ask-analyst-pwned.db' as pwned; --",
  "'; install httpfs; load httpfs; --",
  "' and getenv('HOME') is not null --",
  'duckdb_tables()',
  "glob('/*')",
  'Species"--',
  '"Species"',
  'Island" , (select 1) as "x',
  '$1',
  '?',
  '%',
  '_',
  '%_%',
  '\u0000',
  "Adelie\u0000' or '1'='1",
  '${Species}',
  '1e999',
  'NaN',
];

/** Penguins' columns (SPEC section 6 data), for generated filters and sorts. */
const PENGUIN_COLUMNS = [
  'Species',
  'Island',
  'Beak Length (mm)',
  'Beak Depth (mm)',
  'Flipper Length (mm)',
  'Body Mass (g)',
  'Sex',
];

/** Words of SQL engines' own error messages: they must never reach a caller. */
const SQL_LEAK =
  /binder error|parser error|catalog error|syntax error|duckdb|pglite|postgres|sqlstate|select .* from|\/tmp\/|\.parquet/i;

/** A message with the caller's own payload (and its words) taken out: echoing them is no leak. */
const withoutPayload = (text: string, payload: string) =>
  [payload, ...payload.split(/[^A-Za-z0-9]+/)]
    .filter((part) => part !== '')
    .sort((a, b) => b.length - a.length)
    .reduce((rest, part) => rest.split(part).join(''), text);

describe('fuzzing tool arguments and an SQL-injection corpus (seeded demo workspace)', () => {
  let demo: DemoApp;
  const watch = watchCrashes();
  const tokens = new Map<DemoUser, string>();
  let ids: {
    penguins: string;
    penguinsBook: string;
    small: string[];
    workbooks: string[];
    workspaces: string[];
    conversations: string[];
    turns: string[];
  };
  let penguins: Row[];
  let dataFiles: string;

  const post = (user: DemoUser, name: string, args: unknown): Promise<LightMyRequestResponse> =>
    demo.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(tokens.get(user)),
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });

  /** A hash of every file under the data folder (names, sizes, modification times). */
  async function dataFolder(): Promise<string> {
    const hash = createHash('sha256');
    const entries = await readdir(demo.dataDir, { recursive: true, withFileTypes: true });
    for (const entry of entries.sort((a, b) =>
      join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)),
    )) {
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path);
      hash.update(`${path} ${info.isFile() ? info.size : 'dir'} ${info.mtimeMs}\n`);
    }
    return hash.digest('hex');
  }

  async function tableCounts() {
    const { rows } = await demo.db.query<Record<string, number>>(
      `select (select count(*)::int from users) as users,
              (select count(*)::int from organizations) as organizations,
              (select count(*)::int from workspaces) as workspaces,
              (select count(*)::int from memberships) as memberships,
              (select count(*)::int from workbooks) as workbooks,
              (select count(*)::int from worksheets) as worksheets`,
    );
    return rows[0];
  }

  /** All of Penguins through read_worksheet equals the source file, parsed independently. */
  async function expectPenguinsIntact() {
    const page = ReadWorksheetOutputSchema.parse(
      dataOf(
        await callTool(demo.app, tokens.get('ada')!, 'read_worksheet', {
          worksheetId: ids.penguins,
          limit: 1000,
        }),
      ),
    );
    const columns = page.columns.map((c) => c.name);
    expect(page.rows).toEqual(expectedRows(penguins, columns));
  }

  let countsBefore: Awaited<ReturnType<typeof tableCounts>>;

  beforeAll(async () => {
    demo = await createDemoApp({
      TOOL_CALLS_PER_MINUTE: '1000000',
      REQUESTS_PER_IP_PER_MINUTE: '1000000',
      ANALYSES_PER_MINUTE: '100000',
    });
    for (const user of ['ada', 'alan', 'grace'] as const) {
      tokens.set(user, await demo.tokenFor(user));
    }
    const all = async (sql: string) =>
      (await demo.db.query<{ id: string }>(sql)).rows.map((row) => row.id);
    const penguinsBook = await demo.workbookId('Penguins');
    const { conversation, turn } = AnalysisOutputSchema.parse(
      dataOf(
        await callTool(demo.app, tokens.get('ada')!, 'start_analysis', {
          question: 'How many penguins by island?',
          workbookId: penguinsBook,
          waitSeconds: 30,
        }),
      ),
    );
    ids = {
      penguins: await demo.worksheetId('Penguins', 'Penguins'),
      penguinsBook,
      small: [
        await demo.worksheetId('Penguins', 'Penguins'),
        await demo.worksheetId('Automobiles', 'Cars'),
        await demo.worksheetId('Markets', 'Stocks', 'Research'),
        await demo.worksheetId('Globex Sales', 'Stocks'),
        await demo.worksheetId('Flight Operations', 'Airports'),
      ],
      workbooks: await all('select id from workbooks'),
      workspaces: await all('select id from workspaces'),
      conversations: [conversation.id],
      turns: [turn.id],
    };
    penguins = await demoJson('penguins.json');
    dataFiles = await dataFolder();
    countsBefore = await tableCounts();
  }, 120_000);

  afterAll(async () => {
    watch.stop();
    await demo?.close();
  });

  describe('every tool, valid-shaped and invalid arguments (fast-check, fixed seed)', () => {
    const idOf = (pool: () => string[], prefix: string) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom(0, 1, 2, 3, 4).map((i) => pool()[i % pool().length]!),
        },
        { weight: 1, arbitrary: fc.stringMatching(new RegExp(`^${prefix}_[0-9a-z]{1,30}$`)) },
        { weight: 1, arbitrary: oddString },
      );
    const columnName = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...PENGUIN_COLUMNS, 'Name', 'symbol', 'date') },
      { weight: 1, arbitrary: oddString },
    );
    const scalar = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      oddString,
      oddNumber,
    );
    const waitSeconds = fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 51, 1e308, -0, Number.NaN, 'NaN', '0', null) },
    );
    const limit = fc.oneof(fc.integer({ min: 1, max: 1000 }), oddNumber, oddString);
    const cursor = fc.oneof(oddString, fc.constant(null));

    /** Arguments close to each tool's schema: right keys, values valid or a little off. */
    const validShaped: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
      whoami: fc.constant({}),
      list_workbooks: fc.record(
        {
          query: oddString,
          workspaceId: idOf(() => ids.workspaces, 'wsp'),
          cursor,
          limit,
        },
        { requiredKeys: [] },
      ),
      get_workbook: fc.record({ workbookId: idOf(() => ids.workbooks, 'wb') }),
      get_worksheet: fc.record({ worksheetId: idOf(() => ids.small, 'ws') }),
      read_worksheet: fc.record(
        {
          worksheetId: idOf(() => ids.small, 'ws'),
          columns: fc.array(columnName, { minLength: 0, maxLength: 4 }),
          filters: fc.array(
            fc.record(
              {
                column: columnName,
                op: fc.oneof(fc.constantFrom(...FILTER_OPS), oddString),
                value: fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(null)),
              },
              { requiredKeys: ['column', 'op'] },
            ),
            { maxLength: 3 },
          ),
          sort: fc.array(
            fc.record(
              {
                column: columnName,
                direction: fc.oneof(fc.constantFrom('asc', 'desc'), oddString),
              },
              { requiredKeys: ['column'] },
            ),
            { maxLength: 2 },
          ),
          limit,
          cursor,
        },
        { requiredKeys: ['worksheetId'] },
      ),
      start_analysis: fc.record(
        {
          question: oddString,
          workbookId: idOf(() => ids.workbooks, 'wb'),
          worksheetId: idOf(() => ids.small, 'ws'),
          waitSeconds,
        },
        { requiredKeys: ['question', 'waitSeconds'] },
      ),
      continue_analysis: fc.record({
        conversationId: idOf(() => ids.conversations, 'conv'),
        question: oddString,
        waitSeconds,
      }),
      get_analysis: fc.record(
        {
          conversationId: idOf(() => ids.conversations, 'conv'),
          turnId: idOf(() => ids.turns, 'turn'),
          waitSeconds,
        },
        { requiredKeys: ['conversationId', 'waitSeconds'] },
      ),
      list_analyses: fc.record({ cursor, limit }, { requiredKeys: [] }),
      cancel_analysis: fc.record({
        conversationId: idOf(() => ids.conversations, 'conv'),
        turnId: idOf(() => ids.turns, 'turn'),
      }),
    };

    /** Off-schema arguments: a wrong type in one key, an extra key, or not an object at all. */
    const broken = (shaped: fc.Arbitrary<Record<string, unknown>>) =>
      fc.oneof(
        fc.tuple(shaped, oddValue).map(([args, value]) => {
          const keys = Object.keys(args);
          return keys.length === 0 ? { surprise: value } : { ...args, [keys[0]!]: value };
        }),
        fc
          .tuple(shaped, oddString, oddValue)
          .map(([args, key, value]) => ({ ...args, [key]: value })),
        oddValue,
      );

    it('answers a valid result or a typed tool error, never internal or 5xx', async () => {
      expect(Object.keys(validShaped).sort()).toEqual(tools.map((tool) => tool.name).sort());
      const call = fc.oneof(
        ...Object.entries(validShaped).map(([name, shaped]) =>
          fc.tuple(
            fc.constant(name),
            fc.oneof({ weight: 2, arbitrary: shaped }, { weight: 1, arbitrary: broken(shaped) }),
            fc.constantFrom<DemoUser>('ada', 'alan', 'grace'),
          ),
        ),
      );
      await fc.assert(
        fc.asyncProperty(call, async ([name, args, user]) => {
          const response = await post(user, name, args);
          const { toolErrors } = expectTypedAnswer(
            response,
            `${user} ${name} ${JSON.stringify(args)?.slice(0, 300)}`,
          );
          for (const error of toolErrors) {
            expect(error.message).not.toMatch(SQL_LEAK);
          }
        }),
        fuzzRuns(400),
      );
      dataOf(await callTool(demo.app, tokens.get('ada')!, 'whoami', {}));
      expect(watch.crashes).toEqual([]);
    }, 240_000);
  });

  describe('SQL-injection corpus', () => {
    const read = (args: Record<string, unknown>) =>
      post('ada', 'read_worksheet', { worksheetId: ids.penguins, limit: 1000, ...args });

    function expectRefused(response: LightMyRequestResponse, field: string, payload: string) {
      const { toolErrors } = expectTypedAnswer(response, `${field} = ${JSON.stringify(payload)}`);
      expect(toolErrors[0], `${field} = ${JSON.stringify(payload)}`).toMatchObject({
        code: 'invalid_argument',
        field,
      });
      expect(withoutPayload(toolErrors[0]!.message, payload)).not.toMatch(SQL_LEAK);
    }

    it('refuses every payload as a column, sort key, cursor or id with invalid_argument', async () => {
      for (const payload of SQL_CORPUS) {
        expectRefused(await read({ columns: ['Species', payload] }), 'columns.1', payload);
        expectRefused(
          await read({ filters: [{ column: payload, op: 'eq', value: 'Adelie' }] }),
          'filters.0.column',
          payload,
        );
        expectRefused(await read({ sort: [{ column: payload }] }), 'sort.0.column', payload);
        expectRefused(await read({ cursor: payload }), 'cursor', payload);
        expectRefused(await post('ada', 'list_workbooks', { cursor: payload }), 'cursor', payload);
        expectRefused(await post('ada', 'list_analyses', { cursor: payload }), 'cursor', payload);
        expectRefused(
          await post('ada', 'read_worksheet', { worksheetId: payload }),
          'worksheetId',
          payload,
        );
        expectRefused(
          await post('ada', 'get_workbook', { workbookId: payload }),
          'workbookId',
          payload,
        );
      }
    }, 120_000);

    it('treats every payload as a literal filter value: exactly the rows the oracle keeps', async () => {
      const columns = Object.keys(penguins[0]!);
      for (const payload of SQL_CORPUS) {
        for (const filter of [
          { column: 'Species', op: 'eq', value: payload },
          { column: 'Island', op: 'ne', value: payload },
          { column: 'Species', op: 'contains', value: payload },
          { column: 'Sex', op: 'in', value: [payload, 'MALE'] },
          { column: 'Species', op: 'gte', value: payload },
        ]) {
          const where = `${filter.column} ${filter.op} ${JSON.stringify(payload)}`;
          const response = await read({ filters: [filter] });
          const { toolErrors, results } = expectTypedAnswer(response, where);
          expect(toolErrors, where).toEqual([]);
          const page = ReadWorksheetOutputSchema.parse(results[0]!.structuredContent);
          expect(page.rows, where).toEqual(expectedRows(penguins, columns, [filter]));
          expect(page.totalRows, where).toBe(page.rows.length);
        }
        // A number column given the payload: refused as a value of the wrong type.
        expectRefused(
          await read({ filters: [{ column: 'Body Mass (g)', op: 'eq', value: payload }] }),
          'filters.0.value',
          payload,
        );
      }
    }, 120_000);

    it('treats every payload as literal text in list_workbooks query', async () => {
      const everything = ListWorkbooksOutputSchema.parse(
        dataOf(await callTool(demo.app, tokens.get('ada')!, 'list_workbooks', { limit: 100 })),
      ).workbooks;
      expect(everything.length).toBe(8);
      for (const payload of SQL_CORPUS) {
        const response = await post('ada', 'list_workbooks', { query: payload, limit: 100 });
        if (payload.includes('\u0000')) {
          // PostgreSQL text cannot hold U+0000: refused, never an internal error.
          expectRefused(response, 'query', payload);
          continue;
        }
        const { toolErrors, results } = expectTypedAnswer(response, `query ${payload}`);
        expect(toolErrors, payload).toEqual([]);
        const page = ListWorkbooksOutputSchema.parse(results[0]!.structuredContent);
        const needle = payload.toLowerCase();
        const expected = everything
          .filter(
            (wb) =>
              wb.name.toLowerCase().includes(needle) ||
              wb.description.toLowerCase().includes(needle),
          )
          .map((wb) => wb.id)
          .sort();
        expect(
          page.workbooks.map((wb) => wb.id).sort(),
          `query ${JSON.stringify(payload)}`,
        ).toEqual(expected);
      }
    }, 120_000);

    it('answers every payload as an analysis question from the named worksheet only', async () => {
      const alan = tokens.get('alan')!;
      for (const payload of SQL_CORPUS) {
        for (const question of [payload, `How many penguins on island ${payload}?`]) {
          const where = `question ${JSON.stringify(question)}`;
          const response = await post('alan', 'start_analysis', {
            question,
            workbookId: ids.penguinsBook,
            waitSeconds: 30,
          });
          if (question.includes('\u0000')) {
            expectRefused(response, 'question', payload);
            continue;
          }
          const { toolErrors, results } = expectTypedAnswer(response, where);
          expect(toolErrors, where).toEqual([]);
          let { conversation, turn } = AnalysisOutputSchema.parse(results[0]!.structuredContent);
          while (turn.status === 'queued' || turn.status === 'running') {
            ({ conversation, turn } = AnalysisOutputSchema.parse(
              dataOf(
                await callTool(demo.app, alan, 'get_analysis', {
                  conversationId: conversation.id,
                  turnId: turn.id,
                  waitSeconds: 25,
                }),
              ),
            ));
          }
          // What the answer shows (summary, table) holds nothing from outside the worksheet.
          const shown = JSON.stringify([turn.answer?.summary, turn.answer?.table]);
          for (const secret of ['@acme.test', '@globex.test', 'scrypt$', 'root:x:0:0']) {
            expect(shown.includes(secret), `${where} reveals ${secret}`).toBe(false);
          }
          if (turn.status === 'succeeded') {
            expect(turn.answer?.source.workbookId, where).toBe(ids.penguinsBook);
          } else {
            expect(turn.status, where).toBe('failed');
            expect(withoutPayload(turn.error?.message ?? '', payload), where).not.toMatch(SQL_LEAK);
          }
        }
      }
    }, 240_000);

    it('refuses every payload as a plan column, and keeps it literal as a plan value or label', async () => {
      const countPlan = {
        worksheetId: ids.penguins,
        measures: [{ column: null, aggregation: 'count', label: 'Penguins' }],
        dimensions: [],
        filters: [],
        sort: [],
        limit: null,
        calculation: null,
      };
      const ask = (plan: Record<string, unknown>) =>
        post('alan', 'start_analysis', {
          question: 'How many penguins?',
          worksheetId: ids.penguins,
          plan: { ...countPlan, ...plan },
          waitSeconds: 30,
        });
      const answered = (response: LightMyRequestResponse, where: string) => {
        const { toolErrors, results } = expectTypedAnswer(response, where);
        expect(toolErrors, where).toEqual([]);
        const { turn } = AnalysisOutputSchema.parse(results[0]!.structuredContent);
        expect(turn.status, where).toBe('succeeded');
        return turn.answer!;
      };
      const columns = Object.keys(penguins[0]!);
      for (const payload of SQL_CORPUS) {
        const measure = (column: string) => ({
          measures: [{ column, aggregation: 'count', label: 'N' }],
        });
        const filter = (column: string, op: string, value: unknown) => ({
          filters: [{ column, op, value, part: null }],
        });
        expectRefused(await ask(measure(payload)), 'plan.measures.0.column', payload);
        expectRefused(
          await ask({ dimensions: [{ column: payload, grain: null, label: 'D' }] }),
          'plan.dimensions.0.column',
          payload,
        );
        expectRefused(await ask(filter(payload, 'eq', 'Adelie')), 'plan.filters.0.column', payload);
        if (payload.includes('\u0000')) {
          // No stored text can hold U+0000: refused by name, as a question holding it is.
          expectRefused(
            await ask(filter('Species', 'eq', payload)),
            'plan.filters.0.value',
            payload,
          );
          continue;
        }
        for (const [op, value] of [
          ['eq', payload],
          ['ne', payload],
          ['contains', payload],
          ['in', [payload, 'MALE']],
        ] as const) {
          const column = op === 'in' ? 'Sex' : 'Species';
          const where = `plan filter ${column} ${op} ${JSON.stringify(payload)}`;
          const answer = answered(await ask(filter(column, op, value)), where);
          const kept = expectedRows(penguins, columns, [{ column, op, value }]).length;
          expect(answer.table.rows, where).toEqual([[kept]]);
        }
        const labelled = answered(
          await ask({ measures: [{ column: null, aggregation: 'count', label: payload }] }),
          `plan label ${JSON.stringify(payload)}`,
        );
        expect(labelled.table.columns.map((c) => c.name)).toEqual([payload]);
        expect(labelled.table.rows).toEqual([[penguins.length]]);
        expectRefused(
          await ask(filter('Body Mass (g)', 'eq', payload)),
          'plan.filters.0.value',
          payload,
        );
      }
    }, 240_000);

    it('leaves every table, file and row as it was', async () => {
      await expectPenguinsIntact();
      expect(await tableCounts()).toEqual(countsBefore);
      expect(await dataFolder()).toBe(dataFiles);
      expect(existsSync('/tmp/ask-analyst-pwned.csv')).toBe(false);
      expect(existsSync('/tmp/ask-analyst-pwned.db')).toBe(false);
      expect(watch.crashes).toEqual([]);
    });
  });
});
