import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { saveAxeFindings } from './fixtures/axe.js';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { resizeTo } from './fixtures/viewport.js';
import { openSignedIn as signIn, screenshotsAndAxe } from './fixtures/web-pages.js';
import { useE2eWorld } from './fixtures/world.js';
import {
  AuthorizationDenied,
  connectAs,
  postMcp,
  TOOLS_LIST,
  type Connection,
} from './flows/connect.js';
import { refreshByHand } from './flows/token-endpoint.js';

// The MCP server's principal cache holds answers 1 s here (at most 30 s in production, SPEC
// section 7): an invalidation reaches it within that, so the polls below end well inside 30 s.
const world = useE2eWorld({ settings: { PRINCIPAL_CACHE_SECONDS: '1' } });
const SPEC_BOUND = { timeout: 30_000, interval: 250 };

/** Opens the web app's `path` in a fresh context, signing in as `email` on the way. */
const openSignedIn = (path: string, email: string) =>
  signIn(world.browser, `${world.stack.appUrl}${path}`, email);

/** Connects `email` with a client that registers itself (Dynamic Client Registration). */
const connectWithDcr = (email: string, clientName: string) =>
  connectAs(
    world.stack.mcpUrl,
    world.browser,
    world.receiver,
    { email },
    new TestOAuthClient({ redirectUrl: world.receiver.url, clientName }),
  );

const tokensOf = (connection: Connection) => {
  const tokens = connection.oauth.tokens();
  if (!tokens?.refresh_token) throw new Error('the connection holds no refresh token');
  return { access: tokens.access_token, refresh: tokens.refresh_token };
};

const clientIdOf = (connection: Connection) => connection.oauth.clientInformation()!.client_id;

const mcpStatus = async (token: string) =>
  (await postMcp(world.stack.mcpUrl, token, TOOLS_LIST)).status;

describe('connected apps and client policies (SPEC section 9)', () => {
  let artifacts: string;

  beforeAll(async () => {
    artifacts = await artifactFolder('connected-apps');
  });

  it('disconnects one of ada’s apps: its refresh fails, its token is refused, the other works', async () => {
    const editor = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'ada@acme.test',
    });
    const bot = await connectWithDcr('ada@acme.test', 'Research Bot');
    const botId = clientIdOf(bot);
    const botTokens = tokensOf(bot);
    const editorTokens = tokensOf(editor);
    expect(await mcpStatus(botTokens.access)).toBe(200);

    const { context, page } = await openSignedIn('/settings/connected-apps', 'ada@acme.test');
    const item = page.locator(`[data-testid=connected-app][data-client-id="${botId}"]`);
    await item.waitFor();
    expect(await page.locator('[data-testid=connected-app]').count()).toBe(2);
    expect(await item.innerText()).toContain('Research Bot');
    expect(await item.innerText()).toContain('unverified');
    const editorItem = page.locator(
      '[data-testid=connected-app][data-client-id="analyst-code-editor"]',
    );
    expect(await editorItem.innerText()).toContain('Analyst Code Editor');
    expect(await editorItem.innerText()).toContain('verified');

    await item.locator('[data-testid=disconnect]').click();
    await expect
      .poll(() => page.locator('[data-testid=connected-apps-status]').innerText())
      .toContain('Research Bot is disconnected');
    await expect.poll(() => page.locator('[data-testid=connected-app]').count()).toBe(1);
    await context.close();

    const refreshed = await refreshByHand(world.stack.authUrl, botId, botTokens.refresh);
    expect(refreshed.body.error).toBe('invalid_grant');
    await expect.poll(() => mcpStatus(botTokens.access), SPEC_BOUND).toBe(401);
    // ada's other client keeps working: its token, its refresh, and a call with the new token.
    expect(await mcpStatus(editorTokens.access)).toBe(200);
    const renewed = await refreshByHand(
      world.stack.authUrl,
      'analyst-code-editor',
      editorTokens.refresh,
    );
    expect(renewed.status).toBe(200);
    expect(await mcpStatus(renewed.body.access_token as string)).toBe(200);
  });

  it('refuses the access tokens of a chain revoked because a refresh token was replayed', async () => {
    const alan = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'alan@acme.test',
    });
    const first = tokensOf(alan);
    const rotated = await refreshByHand(world.stack.authUrl, 'analyst-code-editor', first.refresh);
    expect(rotated.status).toBe(200);
    const current = rotated.body.access_token as string;
    expect(await mcpStatus(current)).toBe(200);

    const replay = await refreshByHand(world.stack.authUrl, 'analyst-code-editor', first.refresh);
    expect(replay.body.error).toBe('invalid_grant');
    await expect.poll(() => mcpStatus(current), SPEC_BOUND).toBe(401);
    expect(await mcpStatus(first.access)).toBe(401);
    const next = await refreshByHand(
      world.stack.authUrl,
      'analyst-code-editor',
      rotated.body.refresh_token as string,
    );
    expect(next.body.error).toBe('invalid_grant');
  });

  it('pre-registered only: revokes a DCR client’s grant and refuses its sign-in saying why', async () => {
    const bot = await connectWithDcr('grace@acme.test', 'Policy Bot');
    const botId = clientIdOf(bot);
    const botTokens = tokensOf(bot);

    // grace is no owner: the policy page is the not-found page for her.
    const graceView = await openSignedIn('/admin/clients', 'grace@acme.test');
    await graceView.page.waitForSelector('[data-testid=not-found]');
    await graceView.context.close();

    const { context, page } = await openSignedIn('/admin/clients', 'ada@acme.test');
    await page.waitForSelector('[data-testid=client-policy]');
    await page.check('#mode-pre_registered');
    await page.click('[data-testid=save-client-policy]');
    await expect
      .poll(() => page.locator('[data-testid=client-policy-status]').innerText())
      .toMatch(/Saved\. [1-9]\d* connections? of apps no longer allowed/);
    await context.close();

    expect((await refreshByHand(world.stack.authUrl, botId, botTokens.refresh)).body.error).toBe(
      'invalid_grant',
    );
    await expect.poll(() => mcpStatus(botTokens.access), SPEC_BOUND).toBe(401);

    let refusal = '';
    const again = new TestOAuthClient({
      redirectUrl: world.receiver.url,
      clientName: 'Policy Bot',
    });
    again.saveClientInformation({ client_id: botId });
    const denied = await connectAs(
      world.stack.mcpUrl,
      world.browser,
      world.receiver,
      {
        email: 'grace@acme.test',
        onPage: async (step, shown) => {
          if (step !== 'refused') return;
          refusal = await shown.locator('body').innerText();
          await shown.screenshot({ path: join(artifacts, 'policy-refused.png'), fullPage: true });
        },
      },
      again,
    ).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(AuthorizationDenied);
    expect((denied as AuthorizationDenied).error).toBe('access_denied');
    expect(refusal).toContain('allows only pre-registered apps');
    expect(refusal).toContain('Policy Bot');
    // The pre-registered editor still connects.
    await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'grace@acme.test',
    });
  });

  it('passes axe in light and dark, with screenshots at 1280 and 360 px', async () => {
    const pages: Array<[string, string, string]> = [
      ['connected-apps', '/settings/connected-apps', '[data-testid=connected-app]'],
      ['client-policy', '/admin/clients', '[data-testid=client-policy]'],
    ];
    const findings: string[] = [];
    // One sign-in: each page is loaded once per scheme at 1280 px (axe: colour contrast depends
    // on the scheme, not the width), then narrowed to 360 px for its second screenshot.
    const { context, page } = await openSignedIn('/settings/connected-apps', 'ada@acme.test');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, path, ready] of pages) {
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
