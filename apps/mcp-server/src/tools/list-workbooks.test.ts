import { HttpErrorBodySchema, ListWorkbooksOutputSchema } from '@ask-analyst/protocol';
import { removeMembership, setMembership } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { MCP_URL } from '../test-support/issuer.js';
import { callTool, dataOf, errorOf, postToolCall } from '../test-support/mcp-call.js';

const OPERATIONS = ['Bird Strikes', 'Flight Operations'];
const RESEARCH = [
  'Automobiles',
  'Film Industry',
  'Markets',
  'Penguins',
  'Seattle Weather',
  'World Development',
];
const METADATA_URL = `${MCP_URL}/.well-known/oauth-protected-resource/mcp`;

describe('list_workbooks through the MCP endpoint (seeded demo workspace)', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp({ APP_URL: 'https://app.example.com' });
  });
  afterAll(async () => {
    await demo?.close();
  });

  const call = async (user: DemoUser, args: Record<string, unknown>) =>
    callTool(demo.app, await demo.tokenFor(user), 'list_workbooks', args);
  async function list(user: DemoUser, args: Record<string, unknown> = {}) {
    const result = await call(user, args);
    return { result, page: ListWorkbooksOutputSchema.parse(dataOf(result)) };
  }
  const names = async (user: DemoUser, args: Record<string, unknown> = {}) =>
    (await list(user, { limit: 100, ...args })).page.workbooks.map((wb) => wb.name);

  it('shows each user exactly the workbooks of their workspaces, by name', async () => {
    expect(await names('ada')).toEqual([...OPERATIONS, ...RESEARCH].sort());
    expect(await names('alan')).toEqual(RESEARCH);
    expect(await names('grace')).toEqual(RESEARCH);
    for (const user of ['ada', 'alan', 'grace'] as const) {
      expect(await names(user)).not.toContain('Globex Sales');
    }
  });

  it('describes each workbook: workspace, owner, update time, worksheet count, app link', async () => {
    const { result, page } = await list('ada', { limit: 100 });
    expect(page.nextCursor).toBeNull();
    const flights = page.workbooks.find((wb) => wb.name === 'Flight Operations');
    const id = await demo.workbookId('Flight Operations');
    expect(flights).toEqual({
      id,
      name: 'Flight Operations',
      description: 'US domestic flights with their delays, and the airports they connect.',
      workspace: { id: await demo.workspaceId('Operations'), name: 'Operations' },
      owner: { id: demo.users.ada.id, name: 'Ada Lovelace' },
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown,
      worksheetCount: 2,
      url: `https://app.example.com/workbooks/${id}`,
    });
    const text = (result.content?.[0] as { text: string }).text;
    expect(text).toMatch(/^8 workbooks:/);
    expect(text).toContain(`- **Flight Operations** (\`${id}\`, Operations, 2 worksheets)`);
  });

  it('matches query against names and descriptions, case-insensitively', async () => {
    expect(await names('ada', { query: 'FLIGHT' })).toEqual(['Flight Operations']);
    expect(await names('ada', { query: 'box office' })).toEqual(['Film Industry']);
    expect(await names('alan', { query: 'flight' })).toEqual([]);
    expect(await names('ada', { query: 'no such words' })).toEqual([]);
  });

  it('keeps one workspace with workspaceId; an unreadable one lists nothing, like an unknown one', async () => {
    const operations = await demo.workspaceId('Operations');
    expect(await names('ada', { workspaceId: operations })).toEqual(OPERATIONS);
    expect(await names('alan', { workspaceId: operations })).toEqual([]);
    expect(await names('alan', { workspaceId: await demo.workspaceId('Globex Main') })).toEqual([]);
    expect(await names('alan', { workspaceId: 'wsp_doesnotexist00000000' })).toEqual([]);
  });

  it('pages with cursors, losing and repeating nothing', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { page } = await list('ada', { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.workbooks.map((wb) => wb.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...OPERATIONS, ...RESEARCH].sort());
  });

  it('refuses a cursor reused with another query, or made up, naming the cursor', async () => {
    const { page } = await list('ada', { limit: 2 });
    const reused = errorOf(await call('ada', { limit: 2, query: 'a', cursor: page.nextCursor }));
    expect(reused).toMatchObject({ code: 'invalid_argument', field: 'cursor', retryable: false });
    const madeUp = errorOf(await call('ada', { cursor: 'bm90IGEgY3Vyc29y' }));
    expect(madeUp).toMatchObject({ code: 'invalid_argument', field: 'cursor' });
  });

  it('refuses malformed arguments with invalid_argument naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: 'x'.repeat(201) }, 'query'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ workspaceId: 'Operations' }, 'workspaceId'],
      [{ qeury: 'flights' }, 'qeury'],
    ];
    for (const [args, field] of cases) {
      const error = errorOf(await call('ada', args));
      expect(error, JSON.stringify(args)).toMatchObject({ code: 'invalid_argument', field });
      expect(error.message).toContain(`"${field}"`);
    }
  });

  it('reads roles at call time: a removed membership hides its workbooks at once', async () => {
    const research = await demo.workspaceId('Research');
    await removeMembership(demo.db, research, demo.users.alan.id);
    try {
      expect(await names('alan')).toEqual([]);
    } finally {
      await setMembership(demo.db, {
        workspaceId: research,
        userId: demo.users.alan.id,
        role: 'analyst',
      });
    }
    expect(await names('alan')).toEqual(RESEARCH);
  });

  it('answers a token without workbooks.read with the 403 insufficient_scope challenge', async () => {
    const token = await demo.tokenFor('ada', { claims: { scope: 'analyses.write' } });
    const worksheetId = await demo.worksheetId('Automobiles', 'Cars');
    for (const [tool, args] of [
      ['list_workbooks', {}],
      ['get_workbook', { workbookId: await demo.workbookId('Automobiles') }],
      ['get_worksheet', { worksheetId }],
      ['read_worksheet', { worksheetId }],
    ] as const) {
      const response = await postToolCall(demo.app, token, tool, args);
      expect(response.statusCode, tool).toBe(403);
      expect(response.headers['www-authenticate']).toBe(
        `Bearer error="insufficient_scope", scope="workbooks.read", resource_metadata="${METADATA_URL}"`,
      );
      expect(HttpErrorBodySchema.parse(response.json()).error.details.error_code).toBe(
        'mcp_insufficient_scope',
      );
    }
  });

  it('refuses a revoked user with 401 invalid_token', async () => {
    const response = await postToolCall(
      demo.app,
      await demo.tokenFor('linus'),
      'list_workbooks',
      {},
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(HttpErrorBodySchema.parse(response.json()).error.details.error_code).toBe(
      'mcp_invalid_oauth_token',
    );
  });

  it('refuses a user of an organization outside the beta with 403 mcp_org_not_enrolled', async () => {
    const response = await postToolCall(
      demo.app,
      await demo.tokenFor('hopper'),
      'list_workbooks',
      {},
    );
    expect(response.statusCode).toBe(403);
    expect(HttpErrorBodySchema.parse(response.json()).error.details.error_code).toBe(
      'mcp_org_not_enrolled',
    );
  });
});
