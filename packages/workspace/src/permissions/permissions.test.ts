import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../errors.js';
import { createConversation } from '../store/conversations.js';
import { setOrganizationEnrolled } from '../store/organizations.js';
import { setUserStatus } from '../store/users.js';
import { removeMembership, setMembership } from '../store/workspaces.js';
import { testDatabaseKind } from '../testing/database.js';
import {
  openSeededDemo,
  userIdOf,
  workbookIdOf,
  workspaceIdOf,
  worksheetIdOf,
  type DemoFixture,
} from '../testing/demo.js';
import { listReadableWorkspaces } from './access.js';
import { assertAllowed, authorize, requireRole } from './authorize.js';
import { getReadableConversation, listReadableConversations } from './conversations.js';
import {
  getReadableWorkbook,
  getReadableWorkbookWithWorksheets,
  listReadableWorkbooks,
} from './workbooks.js';
import { getReadableWorksheet, listReadableWorksheets } from './worksheets.js';

const appUrl = 'http://localhost:4000';
const OPERATIONS = ['Bird Strikes', 'Flight Operations'];
const RESEARCH = [
  'Automobiles',
  'Film Industry',
  'Markets',
  'Penguins',
  'Seattle Weather',
  'World Development',
];

let demo: DemoFixture;
const user: Record<string, { userId: string }> = {};

beforeAll(async () => {
  demo = await openSeededDemo();
  for (const name of ['ada', 'alan', 'grace', 'linus'])
    user[name] = { userId: await userIdOf(demo.db, `${name}@acme.test`) };
  user.hopper = { userId: await userIdOf(demo.db, 'hopper@globex.test') };
});

afterAll(async () => {
  await demo?.close();
});

async function workbookNames(
  who: { userId: string },
  options: { query?: string; workspaceId?: string } = {},
) {
  const { workbooks, nextCursor } = await listReadableWorkbooks(demo.db, who, {
    appUrl,
    limit: 100,
    ...options,
  });
  expect(nextCursor).toBeNull();
  return workbooks.map((wb) => wb.name);
}

async function withGlobexEnrolled<T>(fn: () => Promise<T>): Promise<T> {
  const orgId = (
    await demo.db.query<{ id: string }>("select id from organizations where name = 'Globex'")
  ).rows[0]!.id;
  await setOrganizationEnrolled(demo.db, orgId, true);
  try {
    return await fn();
  } finally {
    await setOrganizationEnrolled(demo.db, orgId, false);
  }
}

async function expectCode(promise: Promise<unknown>, code: WorkspaceError['code']): Promise<void> {
  await expect(promise).rejects.toSatisfy(
    (error) => error instanceof WorkspaceError && error.code === code,
  );
}

describe(`listReadableWorkbooks over the demo workspace (${testDatabaseKind()})`, () => {
  it('ada (admin of Operations and Research) sees the 8 Acme workbooks, by name', async () => {
    expect(await workbookNames(user.ada!)).toEqual([...OPERATIONS, ...RESEARCH].sort());
  });

  it('alan (analyst) and grace (viewer) see exactly the 6 Research workbooks', async () => {
    expect(await workbookNames(user.alan!)).toEqual(RESEARCH);
    expect(await workbookNames(user.grace!)).toEqual(RESEARCH);
  });

  it('linus (revoked) sees nothing, and sees Operations again only while restored', async () => {
    expect(await workbookNames(user.linus!)).toEqual([]);
    await setUserStatus(demo.db, user.linus!.userId, 'active');
    try {
      expect(await workbookNames(user.linus!)).toEqual(OPERATIONS);
    } finally {
      await setUserStatus(demo.db, user.linus!.userId, 'revoked');
    }
    expect(await workbookNames(user.linus!)).toEqual([]);
  });

  it('hopper sees Globex Sales whether Globex is enrolled or not: the beta gates MCP only', async () => {
    // Decision 121: the product (web app, service, this module) serves a non-enrolled
    // organization; only the MCP server refuses it (403 mcp_org_not_enrolled).
    expect(await workbookNames(user.hopper!)).toEqual(['Globex Sales']);
    await withGlobexEnrolled(async () => {
      expect(await workbookNames(user.hopper!)).toEqual(['Globex Sales']);
    });
  });

  it('describes each workbook as the tools show it', async () => {
    const { workbooks } = await listReadableWorkbooks(demo.db, user.ada!, {
      appUrl: `${appUrl}/`,
      query: 'flight',
    });
    expect(workbooks).toEqual([
      {
        id: await workbookIdOf(demo.db, 'Flight Operations'),
        name: 'Flight Operations',
        description: expect.stringContaining('flights') as unknown,
        workspace: { id: await workspaceIdOf(demo.db, 'Operations'), name: 'Operations' },
        owner: { id: user.ada!.userId, name: 'Ada Lovelace' },
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        worksheetCount: 2,
        url: `${appUrl}/workbooks/${await workbookIdOf(demo.db, 'Flight Operations')}`,
      },
    ]);
  });

  it('filters by a case-insensitive query on name or description, and by workspace', async () => {
    expect(await workbookNames(user.ada!, { query: 'STOCK' })).toEqual(['Markets']);
    expect(await workbookNames(user.ada!, { query: 'penguin' })).toEqual(['Penguins']);
    expect(await workbookNames(user.ada!, { query: '%' })).toEqual([]);
    expect(
      await workbookNames(user.ada!, { workspaceId: await workspaceIdOf(demo.db, 'Operations') }),
    ).toEqual(OPERATIONS);
    expect(
      await workbookNames(user.alan!, { workspaceId: await workspaceIdOf(demo.db, 'Operations') }),
    ).toEqual([]);
  });

  it('pages with opaque cursors in a stable order, ending with a null cursor', async () => {
    const names: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 3, cursor });
      names.push(...page.workbooks.map((wb) => wb.name));
      pageSizes.push(page.workbooks.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pageSizes).toEqual([3, 3, 2]);
    expect(names).toEqual([...OPERATIONS, ...RESEARCH].sort());
  });

  it('refuses a cursor reused with other arguments, a forged cursor and a bad limit', async () => {
    const first = await listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 2 });
    const cursor = first.nextCursor!;
    await expectCode(
      listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 2, cursor, query: 'a' }),
      'invalid_argument',
    );
    await expectCode(
      listReadableWorkbooks(demo.db, user.ada!, { appUrl, cursor: 'not-a-cursor' }),
      'invalid_argument',
    );
    // Same fingerprint, another sort key: signed cursors cannot be edited or made up.
    const [body = '', signature = ''] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { f: string };
    const edited = Buffer.from(JSON.stringify({ f: decoded.f, k: ['m', 'x'] })).toString(
      'base64url',
    );
    for (const forged of [`${edited}.${signature}`, edited, `${body}.${signature.slice(1)}x`]) {
      await expectCode(
        listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 2, cursor: forged }),
        'invalid_argument',
      );
    }
    await expectCode(
      listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 0 }),
      'invalid_argument',
    );
    await expectCode(
      listReadableWorkbooks(demo.db, user.ada!, { appUrl, limit: 101 }),
      'invalid_argument',
    );
  });
});

describe('getReadableWorkbook and getReadableWorksheet', () => {
  it('Acme users cannot get Globex objects, and Globex users cannot get Acme ones', async () => {
    const globexSales = await workbookIdOf(demo.db, 'Globex Sales');
    const globexStocks = await worksheetIdOf(demo.db, 'Globex Sales', 'Stocks');
    const markets = await workbookIdOf(demo.db, 'Markets');
    const acmeStocks = await worksheetIdOf(demo.db, 'Markets', 'Stocks');
    for (const who of [user.ada!, user.alan!, user.grace!]) {
      expect(await getReadableWorkbook(demo.db, who, globexSales, { appUrl })).toBeNull();
      expect(await getReadableWorksheet(demo.db, who, globexStocks, { appUrl })).toBeNull();
    }
    // Globex is not enrolled in the beta (SPEC section 6): hopper still reads his own, and only it.
    expect(
      await getReadableWorkbook(demo.db, user.hopper!, globexSales, { appUrl }),
    ).not.toBeNull();
    expect(
      await getReadableWorksheet(demo.db, user.hopper!, globexStocks, { appUrl }),
    ).not.toBeNull();
    expect(await getReadableWorkbook(demo.db, user.hopper!, markets, { appUrl })).toBeNull();
    expect(await getReadableWorksheet(demo.db, user.hopper!, acmeStocks, { appUrl })).toBeNull();
  });

  it('a membership in another organization’s workspace grants nothing', async () => {
    const globexMain = await workspaceIdOf(demo.db, 'Globex Main');
    await setMembership(demo.db, {
      workspaceId: globexMain,
      userId: user.ada!.userId,
      role: 'admin',
    });
    try {
      await withGlobexEnrolled(async () => {
        expect(await workbookNames(user.ada!)).not.toContain('Globex Sales');
      });
    } finally {
      await removeMembership(demo.db, globexMain, user.ada!.userId);
    }
  });

  it('returns a readable worksheet with its workbook, workspace and the role now', async () => {
    const moviesId = await worksheetIdOf(demo.db, 'Film Industry', 'Movies');
    const movies = await getReadableWorksheet(demo.db, user.alan!, moviesId, { appUrl });
    expect(movies).toMatchObject({
      id: moviesId,
      name: 'Movies',
      rowCount: 3201,
      dataPath: `worksheets/${moviesId}.parquet`,
      workbookId: await workbookIdOf(demo.db, 'Film Industry'),
      workbook: { name: 'Film Industry', worksheetCount: 1, owner: { name: 'Ada Lovelace' } },
      workspace: { name: 'Research' },
      role: 'analyst',
    });
    expect(movies?.columns.find((c) => c.name === 'Release Date')?.type).toBe('date');
    const flights = await worksheetIdOf(demo.db, 'Flight Operations', 'Flights');
    expect(await getReadableWorksheet(demo.db, user.alan!, flights, { appUrl })).toBeNull();
    expect(await getReadableWorksheet(demo.db, user.ada!, flights, { appUrl })).toMatchObject({
      rowCount: 3_000_000,
    });
    expect(await getReadableWorksheet(demo.db, user.linus!, flights, { appUrl })).toBeNull();
    expect(
      await getReadableWorksheet(demo.db, user.ada!, 'ws_doesnotexist000000', { appUrl }),
    ).toBeNull();
  });

  it('returns a readable workbook with its worksheets in order', async () => {
    const id = await workbookIdOf(demo.db, 'Flight Operations');
    const detail = await getReadableWorkbookWithWorksheets(demo.db, user.ada!, id, { appUrl });
    expect(detail?.workbook.name).toBe('Flight Operations');
    expect(detail?.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Flights', 3_000_000],
      ['Airports', 3376],
    ]);
    expect(
      await getReadableWorkbookWithWorksheets(demo.db, user.grace!, id, { appUrl }),
    ).toBeNull();
  });
});

describe('listReadableWorksheets', () => {
  it('lists what Ask Analyst may choose among, optionally only where the role allows analysis', async () => {
    const names = async (who: { userId: string }, minRole?: 'analyst') =>
      (await listReadableWorksheets(demo.db, who, { appUrl, minRole })).map(
        (s) => `${s.workbook.name}/${s.name}`,
      );
    expect(await names(user.alan!)).toEqual([
      'Automobiles/Cars',
      'Film Industry/Movies',
      'Markets/Stocks',
      'Penguins/Penguins',
      'Seattle Weather/Daily Weather',
      'World Development/Gapminder',
    ]);
    expect(await names(user.grace!)).toHaveLength(6);
    expect(await names(user.grace!, 'analyst')).toEqual([]);
    expect(await names(user.ada!, 'analyst')).toEqual([
      'Bird Strikes/Strikes',
      'Flight Operations/Flights',
      'Flight Operations/Airports',
      ...(await names(user.alan!)),
    ]);
    expect(await names(user.linus!)).toEqual([]);
    expect(await names(user.hopper!)).toEqual(['Globex Sales/Stocks']);
  });

  it('lists the readable workspaces with roles', async () => {
    expect(await listReadableWorkspaces(demo.db, user.ada!)).toEqual([
      { id: await workspaceIdOf(demo.db, 'Operations'), name: 'Operations', role: 'admin' },
      { id: await workspaceIdOf(demo.db, 'Research'), name: 'Research', role: 'admin' },
    ]);
  });
});

describe('authorize', () => {
  it('answers each action by the role in the object’s workspace now', async () => {
    const movies = await worksheetIdOf(demo.db, 'Film Industry', 'Movies');
    const flights = await worksheetIdOf(demo.db, 'Flight Operations', 'Flights');
    const research = await workspaceIdOf(demo.db, 'Research');
    const markets = await workbookIdOf(demo.db, 'Markets');
    const cases: Array<[string, Parameters<typeof authorize>[2], string, string]> = [
      ['grace', 'worksheet.read', movies, 'allowed'],
      ['grace', 'analysis.run', movies, 'denied'],
      ['grace', 'analysis.run', flights, 'not_found'],
      ['alan', 'analysis.run', movies, 'allowed'],
      ['alan', 'analysis.run', markets, 'allowed'],
      ['alan', 'analysis.run', research, 'allowed'],
      ['alan', 'workbook.read', markets, 'allowed'],
      ['alan', 'workbook.read', movies, 'not_found'],
      ['alan', 'workspace.admin', research, 'denied'],
      ['ada', 'workspace.admin', research, 'allowed'],
      ['ada', 'analysis.run', flights, 'allowed'],
      ['linus', 'worksheet.read', flights, 'not_found'],
      ['ada', 'worksheet.read', 'ws_missing00000000000', 'not_found'],
      ['ada', 'worksheet.read', 'nonsense', 'not_found'],
    ];
    for (const [who, action, object, expected] of cases) {
      expect(
        await authorize(demo.db, user[who]!, action, object),
        `${who} ${action} ${object}`,
      ).toBe(expected);
    }
  });

  it('sees role changes at once', async () => {
    const movies = await worksheetIdOf(demo.db, 'Film Industry', 'Movies');
    const research = await workspaceIdOf(demo.db, 'Research');
    await setMembership(demo.db, {
      workspaceId: research,
      userId: user.grace!.userId,
      role: 'analyst',
    });
    expect(await authorize(demo.db, user.grace!, 'analysis.run', movies)).toBe('allowed');
    await removeMembership(demo.db, research, user.grace!.userId);
    expect(await authorize(demo.db, user.grace!, 'worksheet.read', movies)).toBe('not_found');
    await setMembership(demo.db, {
      workspaceId: research,
      userId: user.grace!.userId,
      role: 'viewer',
    });
    expect(await authorize(demo.db, user.grace!, 'analysis.run', movies)).toBe('denied');
  });

  it('throws not_found or permission_denied for callers to map', async () => {
    const movies = await worksheetIdOf(demo.db, 'Film Industry', 'Movies');
    const operations = await workspaceIdOf(demo.db, 'Operations');
    const research = await workspaceIdOf(demo.db, 'Research');
    await expectCode(
      assertAllowed(demo.db, user.grace!, 'analysis.run', movies),
      'permission_denied',
    );
    await expectCode(
      assertAllowed(
        demo.db,
        user.alan!,
        'worksheet.read',
        await worksheetIdOf(demo.db, 'Bird Strikes', 'Strikes'),
      ),
      'not_found',
    );
    await expect(
      assertAllowed(demo.db, user.alan!, 'analysis.run', movies),
    ).resolves.toBeUndefined();
    await expectCode(requireRole(demo.db, user.grace!, research, 'analyst'), 'permission_denied');
    await expectCode(requireRole(demo.db, user.grace!, operations, 'viewer'), 'not_found');
    expect(await requireRole(demo.db, user.ada!, research, 'admin')).toBe('admin');
  });
});

describe('conversations', () => {
  it('are private to their user and need a readable workspace', async () => {
    const research = await workspaceIdOf(demo.db, 'Research');
    const first = await createConversation(demo.db, {
      workspaceId: research,
      userId: user.alan!.userId,
      title: 'first',
    });
    const second = await createConversation(demo.db, {
      workspaceId: research,
      userId: user.alan!.userId,
      title: 'second',
    });
    await demo.db.query(
      "update conversations set created_at = now() - interval '1 minute' where id = $1",
      [first.id],
    );

    expect(await getReadableConversation(demo.db, user.alan!, first.id, { appUrl })).toMatchObject({
      id: first.id,
      title: 'first',
      workspace: { id: research, name: 'Research' },
      url: `${appUrl}/conversations/${first.id}`,
      turnCount: 0,
    });
    expect(await authorize(demo.db, user.alan!, 'conversation.read', first.id)).toBe('allowed');
    expect(await authorize(demo.db, user.ada!, 'conversation.read', first.id)).toBe('not_found');
    expect(await getReadableConversation(demo.db, user.ada!, first.id, { appUrl })).toBeNull();

    const page1 = await listReadableConversations(demo.db, user.alan!, { appUrl, limit: 1 });
    expect(page1.conversations.map((c) => c.title)).toEqual(['second']);
    const page2 = await listReadableConversations(demo.db, user.alan!, {
      appUrl,
      limit: 1,
      cursor: page1.nextCursor!,
    });
    expect(page2.conversations.map((c) => c.title)).toEqual(['first']);
    expect(page2.nextCursor).toBeNull();
    expect((await listReadableConversations(demo.db, user.ada!, { appUrl })).conversations).toEqual(
      [],
    );

    await removeMembership(demo.db, research, user.alan!.userId);
    try {
      expect(await getReadableConversation(demo.db, user.alan!, second.id, { appUrl })).toBeNull();
      expect(
        (await listReadableConversations(demo.db, user.alan!, { appUrl })).conversations,
      ).toEqual([]);
    } finally {
      await setMembership(demo.db, {
        workspaceId: research,
        userId: user.alan!.userId,
        role: 'analyst',
      });
    }
  });
});
