import type { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { saveAxeFindings } from './fixtures/axe.js';
import { resizeTo } from './fixtures/viewport.js';
import { openSignedIn as signIn, screenshotsAndAxe } from './fixtures/web-pages.js';
import { useE2eWorld } from './fixtures/world.js';
import { AuthorizationDenied, connectAs } from './flows/connect.js';
import { runOps } from './flows/ops.js';

const world = useE2eWorld({ settings: { PRINCIPAL_CACHE_SECONDS: '1' } });

interface AnalysisResult {
  conversation: { id: string; url: string; turnCount: number };
  turn: { id: string; index: number; question: string; status: string };
}

async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as T;
}

/** Opens `url` in a fresh context and signs in on dev-auth's page when it shows (a deep link). */
const openSignedIn = (url: string, email: string) => signIn(world.browser, url, email);

describe('the product web app (SPEC section 9)', () => {
  let artifacts: string;
  let ada: Client;
  let conversationUrl = '';
  let conversationId = '';

  beforeAll(async () => {
    artifacts = await artifactFolder('web-app');
    ada = (
      await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
        email: 'ada@acme.test',
      })
    ).client;
  });

  it('opens an MCP answer after web sign-in, lists it by client, and shares the follow-up', async () => {
    const started = await call<AnalysisResult>(ada, 'start_analysis', {
      question: 'Average horsepower by origin',
      waitSeconds: 30,
    });
    expect(started.turn.status).toBe('succeeded');
    conversationUrl = started.conversation.url;
    conversationId = started.conversation.id;
    expect(conversationUrl).toBe(`${world.stack.appUrl}/conversations/${conversationId}`);

    // The tool's url survives the sign-in redirect and opens the conversation with its answer.
    const { context, page } = await openSignedIn(conversationUrl, 'ada@acme.test');
    await page.waitForURL(conversationUrl);
    await expect.poll(() => page.locator('[data-testid=chart] svg').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid=summary]').count()).toBe(1);
    expect(await page.locator('[data-testid=answer-table]').count()).toBe(1);

    // The session cookie only: HttpOnly, SameSite=Lax; no token in the browser.
    const cookies = await context.cookies(world.stack.appUrl);
    const session = cookies.find((c) => c.name === 'aa_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await page.goto(`${world.stack.appUrl}/history`);
    const item = page.locator('[data-testid=history-item]').first();
    await item.waitFor();
    expect(await item.getAttribute('data-origin')).toBe('mcp');
    // Labelled with the client's name from the authorization server, and its id (SPEC section 9).
    expect(await item.innerText()).toContain('Analyst Code Editor (analyst-code-editor)');

    // A follow-up on the web, read back by the agent.
    await page.goto(conversationUrl);
    await page.fill('[data-testid=web-follow-up]', 'Average horsepower by cylinders');
    await page.click('[data-testid=web-follow-up-submit]');
    await expect.poll(() => page.locator('[data-testid=turn]').count()).toBe(2);
    const read = await call<AnalysisResult>(ada, 'get_analysis', {
      conversationId,
      waitSeconds: 25,
    });
    expect(read.turn).toMatchObject({ index: 1, question: 'Average horsepower by cylinders' });
    expect(['succeeded', 'failed']).toContain(read.turn.status);
    expect(read.conversation.turnCount).toBe(2);
    await context.close();
  });

  it.each(['ada', 'alan', 'grace'])('lists what the MCP tools list for %s', async (name) => {
    const email = `${name}@acme.test`;
    const mcp =
      name === 'ada'
        ? ada
        : (await connectAs(world.stack.mcpUrl, world.browser, world.receiver, { email })).client;
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/`, email);
    await page.waitForSelector('[data-testid=workbook]');
    const web = await page.evaluate(async () => {
      const get = async <T>(path: string) => (await (await fetch(path)).json()) as T;
      const workbooks = await get<{ workbooks: Array<{ id: string }> }>('/api/workbooks?limit=100');
      const conversations = await get<{ conversations: Array<{ id: string }> }>(
        '/api/conversations?limit=100',
      );
      const worksheets: string[] = [];
      for (const { id } of workbooks.workbooks) {
        const wb = await get<{ worksheets: Array<{ id: string }> }>(`/api/workbooks/${id}`);
        worksheets.push(...wb.worksheets.map((w) => w.id));
      }
      return {
        workbooks: workbooks.workbooks.map((w) => w.id),
        worksheets,
        conversations: conversations.conversations.map((c) => c.id),
      };
    });
    const workbooks = await call<{ workbooks: Array<{ id: string }> }>(mcp, 'list_workbooks', {
      limit: 100,
    });
    const worksheets: string[] = [];
    for (const { id } of workbooks.workbooks) {
      const wb = await call<{ worksheets: Array<{ id: string }> }>(mcp, 'get_workbook', {
        workbookId: id,
      });
      worksheets.push(...wb.worksheets.map((w) => w.id));
    }
    const conversations = await call<{ conversations: Array<{ id: string }> }>(
      mcp,
      'list_analyses',
      { limit: 100 },
    );
    expect(web).toEqual({
      workbooks: workbooks.workbooks.map((w) => w.id),
      worksheets,
      conversations: conversations.conversations.map((c) => c.id),
    });
    expect(web.workbooks.length).toBeGreaterThan(0);
    await context.close();
  });

  it('serves every page with a CSP and security headers, and refuses a cross-site POST', async () => {
    const res = await fetch(`${world.stack.appUrl}/history`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/`, 'ada@acme.test');
    await page.waitForSelector('[data-testid=workbook]');
    const cookie = (await context.cookies(world.stack.appUrl)).find((c) => c.name === 'aa_session');
    const forged = await fetch(`${world.stack.appUrl}/api/conversations`, {
      method: 'POST',
      headers: {
        cookie: `aa_session=${cookie?.value ?? ''}`,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ question: 'Average horsepower by origin' }),
    });
    expect(forged.status).toBe(403);
    await context.close();
  });

  it('refuses an open redirect through the return path', async () => {
    const { context, page } = await openSignedIn(
      `${world.stack.appUrl}/auth/login?returnTo=${encodeURIComponent('//evil.example/x')}`,
      'ada@acme.test',
    );
    await page.waitForURL(`${world.stack.appUrl}/`);
    await context.close();
  });

  it('lets hopper in on the web while MCP refuses him; linus gets nowhere', async () => {
    const hopper = await openSignedIn(`${world.stack.appUrl}/`, 'hopper@globex.test');
    await hopper.page.waitForSelector('[data-testid=workbook]');
    expect(await hopper.page.locator('header').innerText()).toContain('Globex');
    // The beta gates MCP, not the product (SPEC section 9, decision 121): Globex's workbook shows,
    // and only it, and hopper asks about it on the web.
    expect(await hopper.page.locator('[data-testid=workbook] a').allInnerTexts()).toEqual([
      'Globex Sales',
    ]);
    await hopper.page.goto(`${world.stack.appUrl}/ask`);
    await hopper.page.fill('[data-testid=ask-question]', 'average price of AAPL in 2008');
    await hopper.page.click('[data-testid=ask-submit]');
    await hopper.page.waitForURL(/\/conversations\/conv_/);
    await expect
      .poll(() => hopper.page.locator('[data-testid=turn][data-status=succeeded]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await hopper.context.close();
    await expect(
      connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
        email: 'hopper@globex.test',
      }),
    ).rejects.toBeInstanceOf(AuthorizationDenied);

    const linus = await openSignedIn(`${world.stack.appUrl}/`, 'linus@acme.test');
    await linus.page.waitForLoadState('networkidle');
    expect(linus.page.url().startsWith(world.stack.appUrl)).toBe(false);
    expect(await linus.page.locator('body').innerText()).toContain('revoked');
    await linus.context.close();
  });

  it("ends alan's web session within 30 seconds of his revocation", async () => {
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/`, 'alan@acme.test');
    await page.waitForSelector('[data-testid=workbook]');
    const status = () => page.evaluate(async () => (await fetch('/api/session')).status);
    expect(await status()).toBe(200);
    const revokedAt = Date.now();
    await runOps(world.stack, ['revoke-user', 'alan@acme.test']);
    await expect.poll(status, { timeout: 30_000, interval: 500 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(30_000);
    await runOps(world.stack, ['restore-user', 'alan@acme.test']);
    expect(await status()).toBe(401);
    await context.close();
  });

  it('passes axe in light and dark, with screenshots at 1280 and 360 px', async () => {
    const pages: Array<[string, string, string]> = [
      ['home', '/', '[data-testid=workbook]'],
      ['history', '/history', '[data-testid=history-item]'],
      ['conversation', `/conversations/${conversationId}`, '[data-testid=turn]'],
      ['ask', '/ask', '[data-testid=ask-question]'],
      ['not-found', '/workbooks/wb_unknown', '[data-testid=not-found]'],
    ];
    const findings: string[] = [];
    // One sign-in: each page is loaded once per scheme at 1280 px (axe: colour contrast depends
    // on the scheme, not the width), then narrowed to 360 px for its second screenshot.
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/`, 'ada@acme.test');
    await page.waitForSelector('[data-testid=workbook]');
    const workbookHref = await page
      .locator('[data-testid=workbook] a')
      .first()
      .getAttribute('href');
    const all = [
      ...pages,
      ['workbook', workbookHref ?? '/', '[data-testid=worksheet]'] as [string, string, string],
    ];
    await page.goto(`${world.stack.appUrl}${workbookHref ?? '/'}`);
    await page.waitForSelector('[data-testid=worksheet] h2 a');
    const worksheetHref = await page
      .locator('[data-testid=worksheet] h2 a')
      .first()
      .getAttribute('href');
    all.push(['worksheet', worksheetHref ?? '/', '[data-testid=rows]']);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, path, ready] of all) {
        await resizeTo(page, 1280);
        await page.goto(`${world.stack.appUrl}${path}`);
        await page.waitForSelector(ready);
        findings.push(...(await screenshotsAndAxe(page, { artifacts, name, colorScheme })));
      }
    }
    await context.close();
    await saveAxeFindings(artifacts, findings);
    expect(findings).toEqual([]);
  });
});
