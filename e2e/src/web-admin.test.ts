import type { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { saveAxeFindings } from './fixtures/axe.js';
import { resizeTo } from './fixtures/viewport.js';
import { openSignedIn as signIn, screenshotsAndAxe } from './fixtures/web-pages.js';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs, postMcp, TOOLS_LIST } from './flows/connect.js';
import { refreshByHand } from './flows/token-endpoint.js';

// The MCP server's principal cache at 1 s, so "refused within 30 s" is seen quickly.
const world = useE2eWorld({ settings: { PRINCIPAL_CACHE_SECONDS: '1' } });
const CLIENT_ID = 'analyst-code-editor';

/** Opens `url` in a fresh context, signs in as `email` and waits to be back in the web app. */
const openSignedIn = (url: string, email: string) =>
  signIn(world.browser, url, email, { returnsTo: world.stack.appUrl });

/** A same-origin call from the page, with the session's CSRF token (as the app itself sends). */
function fromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const res = await fetch(path, {
        method,
        headers: {
          'x-csrf-token': session.csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
}

const sessionStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/session')).status);

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  return client.callTool({ name, arguments: args });
}

const member = (page: Page, email: string) =>
  page.locator(`[data-testid=member][data-email="${email}"]`);

describe('connected activity and the owner’s admin (SPEC section 9)', () => {
  let artifacts: string;
  let grace: Client;
  let carsWorksheet = '';

  beforeAll(async () => {
    artifacts = await artifactFolder('web-admin');
    grace = (
      await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
        email: 'grace@acme.test',
      })
    ).client;
  });

  it('lists exactly grace’s scripted calls on Activity and in its CSV, shapes only; usage counts match', async () => {
    // The script: four calls with values that must never show (a query, ids, a column, a number).
    const listed = await tool(grace, 'list_workbooks', { query: 'Automobiles', limit: 5 });
    const workbookId = (listed.structuredContent as { workbooks: Array<{ id: string }> })
      .workbooks[0]!.id;
    const workbook = await tool(grace, 'get_workbook', { workbookId });
    carsWorksheet = (workbook.structuredContent as { worksheets: Array<{ id: string }> })
      .worksheets[0]!.id;
    const read = await tool(grace, 'read_worksheet', {
      worksheetId: carsWorksheet,
      filters: [{ column: 'Horsepower', op: 'gt', value: 215 }],
      limit: 3,
    });
    expect(read.isError, JSON.stringify(read.structuredContent)).toBeFalsy();
    const missing = await tool(grace, 'get_worksheet', { worksheetId: 'ws_doesnotexist42' });
    expect(missing.isError).toBe(true);
    const script = ['get_worksheet', 'read_worksheet', 'get_workbook', 'list_workbooks'];
    const values = ['Automobiles', workbookId, carsWorksheet, 'Horsepower', 'doesnotexist'];

    const { context, page } = await openSignedIn(
      `${world.stack.appUrl}/activity`,
      'grace@acme.test',
    );
    // Telemetry is written in batches off the reply path: wait for the four rows.
    await expect
      .poll(
        async () => {
          await page.goto(`${world.stack.appUrl}/activity`);
          await page.waitForSelector('[data-testid=activity-count], main p:has-text("No tool")');
          return page.locator('[data-testid=activity-row]').count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(4);
    const rows = page.locator('[data-testid=activity-row]');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).toEqual(
      script,
    );
    expect(
      new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-client')))),
    ).toEqual(new Set([CLIENT_ID]));
    const shown = await page.locator('main').innerText();
    for (const value of values) expect(shown).not.toContain(value);
    const shapes = await page.locator('[data-testid=argument-shape]').allInnerTexts();
    expect(shapes.join(' ')).not.toMatch(/215|gt/);
    expect(await rows.nth(1).locator('[data-testid=argument-shape]').innerText()).toBe(
      JSON.stringify({
        limit: 'integer',
        filters: [{ op: 'string', value: 'integer', column: 'string' }],
        worksheetId: 'string',
      }),
    );
    expect(await rows.nth(0).innerText()).toContain('error (not_found)');

    // Filtered by tool, in the page and in the download.
    await page.selectOption('select[name=tool]', 'read_worksheet');
    await page.click('form[aria-label="Filter activity"] button[type=submit]');
    await page.waitForURL(/tool=read_worksheet/);
    await expect.poll(() => rows.count()).toBe(1);
    const csv = await page.evaluate(async () => (await fetch('/api/activity.csv')).text());
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('time,client,tool,outcome,error code,duration ms,argument shape');
    expect(lines.slice(1, -1).map((line) => line.split(',')[2])).toEqual(script);
    expect(lines.slice(1, -1).every((line) => line.split(',')[1] === CLIENT_ID)).toBe(true);
    expect(lines.at(-1)).toBe('');
    for (const value of values) expect(csv).not.toContain(value);
    const shapeFields = lines.slice(1, -1).map((line) => line.split(',').slice(6).join(','));
    expect(shapeFields.join(' ')).not.toMatch(/215|gt/);
    const filtered = await page.evaluate(async () =>
      (await fetch('/api/activity.csv?tool=get_worksheet')).text(),
    );
    expect(filtered.split('\r\n')).toHaveLength(3);
    expect(filtered).toContain(',get_worksheet,error,not_found,');
    await context.close();

    // Never another user's: ada's Activity holds none of grace's calls; her usage counts them.
    const ada = await openSignedIn(`${world.stack.appUrl}/admin`, 'ada@acme.test');
    const mine = await fromPage(ada.page, 'GET', '/api/activity');
    expect(JSON.parse(mine.text)).toMatchObject({ calls: [] });
    await ada.page.waitForSelector('[data-testid=usage-row]');
    const usage = await ada.page
      .locator('[data-testid=usage-row][data-email="grace@acme.test"]')
      .evaluateAll((els) =>
        els.map((e) => [
          e.getAttribute('data-client'),
          e.getAttribute('data-tool'),
          e.querySelector('[data-testid=usage-calls]')?.textContent,
        ]),
      );
    expect(usage).toEqual([...script].sort().map((name) => [CLIENT_ID, name, '1']));
    await ada.context.close();
  });

  it('shows the worksheet statistics get_worksheet returns', async () => {
    const profiled = await tool(grace, 'get_worksheet', { worksheetId: carsWorksheet });
    const { context, page } = await openSignedIn(
      `${world.stack.appUrl}/worksheets/${carsWorksheet}`,
      'grace@acme.test',
    );
    await page.waitForSelector('[data-testid=statistics-row]');
    const api = await fromPage(page, 'GET', `/api/worksheets/${carsWorksheet}/statistics`);
    expect(JSON.parse(api.text)).toEqual(profiled.structuredContent);
    const columns = (
      profiled.structuredContent as { worksheet: { columns: Array<{ name: string }> } }
    ).worksheet.columns;
    expect(
      await page
        .locator('[data-testid=statistics-row]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-column'))),
    ).toEqual(columns.map((c) => c.name));
    await context.close();
  });

  it('ada makes grace an analyst in Research and back: her next start_analysis follows', async () => {
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/admin`, 'ada@acme.test');
    const research = member(page, 'grace@acme.test').locator(
      '[data-testid=member-role][data-workspace=Research]',
    );
    await research.waitFor();
    expect(await research.inputValue()).toBe('viewer');
    const question = { question: 'Average horsepower by origin', waitSeconds: 0 };
    const refused = await tool(grace, 'start_analysis', question);
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.structuredContent)).toContain('permission_denied');

    await research.selectOption('analyst');
    await page.waitForSelector('[role=status]:has-text("is now analyst in Research")');
    const started = await tool(grace, 'start_analysis', question);
    expect(started.isError, JSON.stringify(started.structuredContent)).toBeFalsy();

    await research.selectOption('viewer');
    await page.waitForSelector('[role=status]:has-text("is now viewer in Research")');
    const again = await tool(grace, 'start_analysis', question);
    expect(again.isError).toBe(true);
    expect(JSON.stringify(again.structuredContent)).toContain('permission_denied');
    // The status shows as the action ends; the page reloads its audit just after.
    const audit = page.locator('[data-testid=audit-entry][data-action="member.role"]');
    await expect.poll(() => audit.count()).toBe(2);
    await context.close();
  });

  it('gives grace and alan "not found" for /admin, and ada cannot revoke herself', async () => {
    for (const email of ['grace@acme.test', 'alan@acme.test']) {
      const { context, page } = await openSignedIn(`${world.stack.appUrl}/admin`, email);
      await page.waitForSelector('[data-testid=not-found]');
      expect(await page.locator('nav').innerText()).not.toContain('Admin');
      await context.close();
    }
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/admin`, 'ada@acme.test');
    const ada = member(page, 'ada@acme.test');
    await ada.waitFor();
    expect(await ada.locator('[data-testid=revoke-access]').count()).toBe(0);
    const { user } = JSON.parse((await fromPage(page, 'GET', '/api/session')).text) as {
      user: { id: string };
    };
    const self = await fromPage(page, 'POST', `/api/admin/members/${user.id}/revoke`);
    expect(self.status).toBe(403);
    expect(self.text).toContain('permission_denied');
    expect(await sessionStatus(page)).toBe(200);
    await context.close();
  });

  it('ada revokes alan: refresh fails, his token is refused within 30 s, his session ends; restore revives none', async () => {
    const alanMcp = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'alan@acme.test',
    });
    const tokens = alanMcp.oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');
    const issuedAt = Date.now();
    expect((await postMcp(world.stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(200);
    const alanWeb = await openSignedIn(`${world.stack.appUrl}/`, 'alan@acme.test');
    await alanWeb.page.waitForSelector('[data-testid=workbook]');
    const owner = await openSignedIn(`${world.stack.appUrl}/admin`, 'ada@acme.test');
    const alan = member(owner.page, 'alan@acme.test');
    // Invalidation has second precision (SPEC section 7): revoke in a later second than the token.
    while (Date.now() - issuedAt < 1100) await owner.page.waitForTimeout(100);

    await alan.locator('[data-testid=revoke-access]').click();
    const revokedAt = Date.now();
    await alan.locator('[data-testid=restore-access]').waitFor();
    expect(await alan.locator('[data-testid=member-status]').innerText()).toContain('Revoked');
    // His web session is over at once; the refresh fails; the access token is refused within 30 s.
    expect(await sessionStatus(alanWeb.page)).toBe(401);
    expect(
      (await refreshByHand(world.stack.authUrl, CLIENT_ID, tokens.refresh_token)).body.error,
    ).toBe('invalid_grant');
    await expect
      .poll(
        async () => (await postMcp(world.stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status,
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(30_000);
    const revokeEntry = owner.page.locator('[data-testid=audit-entry][data-action="user.revoke"]');
    expect(await revokeEntry.first().innerText()).toMatch(/ada@acme\.test[\s\S]*alan@acme\.test/);

    await alan.locator('[data-testid=restore-access]').click();
    await alan.locator('[data-testid=revoke-access]').waitFor();
    await owner.page.waitForSelector('[data-testid=audit-entry][data-action="user.restore"]');
    // Old tokens stay dead.
    expect((await postMcp(world.stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(401);
    expect(
      (await refreshByHand(world.stack.authUrl, CLIENT_ID, tokens.refresh_token)).body.error,
    ).toBe('invalid_grant');
    expect(await sessionStatus(alanWeb.page)).toBe(401);
    // He signs in again, on the web and with MCP.
    while (Date.now() - revokedAt < 1100) await owner.page.waitForTimeout(100);
    const again = await openSignedIn(`${world.stack.appUrl}/`, 'alan@acme.test');
    await again.page.waitForSelector('[data-testid=workbook]');
    const reconnected = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'alan@acme.test',
    });
    const fresh = reconnected.oauth.tokens()!.access_token;
    expect((await postMcp(world.stack.mcpUrl, fresh, TOOLS_LIST)).status).toBe(200);
    await Promise.all([again.context.close(), alanWeb.context.close(), owner.context.close()]);
    await Promise.all([alanMcp.client.close(), reconnected.client.close()]);
  });

  it('passes axe on Activity, Admin and the worksheet statistics, light and dark, with screenshots', async () => {
    const pages: Array<[string, string, string]> = [
      ['activity', '/activity', '[data-testid=activity-row][data-tool=start_analysis]'],
      ['admin', '/admin', '[data-testid=usage-row]'],
      ['worksheet-statistics', `/worksheets/${carsWorksheet}`, '[data-testid=statistics-row]'],
    ];
    const findings: string[] = [];
    // One sign-in: each page is loaded once per scheme at 1280 px (axe: colour contrast depends
    // on the scheme, not the width), then narrowed to 360 px for its second screenshot.
    const { context, page } = await openSignedIn(`${world.stack.appUrl}/admin`, 'ada@acme.test');
    // ada's own Activity holds a call: a question she asks here on the web.
    const asked = await fromPage(page, 'POST', '/api/conversations', {
      question: 'Average horsepower by origin',
    });
    expect(asked.status).toBe(200);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, path, ready] of pages) {
        await resizeTo(page, 1280);
        // Telemetry is written in batches (a quarter second apart): the page may load before
        // ada's question is in it, so it is loaded again until it is.
        await expect
          .poll(
            async () => {
              await page.goto(`${world.stack.appUrl}${path}`);
              return page
                .waitForSelector(ready, { timeout: 5_000 })
                .then(() => true)
                .catch(() => false);
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe(true);
        findings.push(...(await screenshotsAndAxe(page, { artifacts, name, colorScheme })));
      }
    }
    await context.close();
    await saveAxeFindings(artifacts, findings);
    expect(findings).toEqual([]);
  });
});
