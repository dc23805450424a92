import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { readCardResource, startCardHostPage } from './fixtures/card-host.js';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { useE2eWorld } from './fixtures/world.js';
import { TOOLS_LIST, connectAs } from './flows/connect.js';
import { authorizationServerMetadata } from './flows/token-endpoint.js';

interface AnalysisResult {
  conversation: { id: string; turnCount: number };
  turn: {
    status: string;
    answer?: { source: { worksheetName: string }; table: { rows: unknown[][] } };
  };
}

/**
 * The whole journey of a new user, one step per test, in order, each building on the last:
 * 401 → protected-resource metadata → authorization-server metadata → registration → sign-in →
 * consent → list workbooks → read a worksheet → start an analysis → continue it. Screenshots of the
 * pages the user sees are saved under `.test-artifacts/journey/`, ending with the card: the last
 * answer in a sandboxed iframe, and a follow-up asked from inside it.
 */
describe('the journey of a new user, end to end', () => {
  const world = useE2eWorld();
  const journey: {
    artifacts: string;
    resourceMetadataUrl?: string;
    authorizationServer?: string;
    oauth?: TestOAuthClient;
    client?: Client;
    screenshots: string[];
    worksheetId?: string;
    conversationId?: string;
    lastCall?: { input: Record<string, unknown>; result: unknown };
    card?: { page: Page; frame: import('playwright-core').Frame; close(): Promise<void> };
  } = { artifacts: '', screenshots: [] };
  afterAll(async () => {
    await journey.card?.close();
  });

  beforeAll(async () => {
    journey.artifacts = await artifactFolder('journey');
  });

  const screenshot = async (name: string, page: Page) => {
    const file = join(journey.artifacts, `${journey.screenshots.length + 1}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    journey.screenshots.push(file);
  };

  it('1. a call without a token gets 401 and the way to the metadata', async () => {
    const res = await fetch(`${world.stack.mcpUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(TOOLS_LIST),
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    const found = /resource_metadata="([^"]+)"/.exec(challenge);
    expect(found, challenge).not.toBeNull();
    journey.resourceMetadataUrl = found?.[1];
  });

  it('2. the protected-resource metadata names the authorization server', async () => {
    const res = await fetch(journey.resourceMetadataUrl as string);
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as { resource: string; authorization_servers: string[] };
    expect(metadata.resource).toBe(`${world.stack.mcpUrl}/mcp`);
    expect(metadata.authorization_servers).toEqual([world.stack.authUrl]);
    journey.authorizationServer = metadata.authorization_servers[0];
  });

  it('3. the authorization server metadata offers registration and PKCE', async () => {
    const metadata = await authorizationServerMetadata(journey.authorizationServer as string);
    expect(metadata.issuer).toBe(world.stack.authUrl);
    expect(metadata.registration_endpoint).toBeTruthy();
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('4. the client registers, the user signs in and consents in the browser', async () => {
    const { stack, browser, receiver } = world;
    journey.oauth = new TestOAuthClient({
      redirectUrl: receiver.url,
      clientName: 'Journey client',
    });
    let consent = '';
    const { client, callback } = await connectAs(
      stack.mcpUrl,
      browser,
      receiver,
      {
        email: 'alan@acme.test',
        onPage: async (step, page) => {
          await screenshot(step, page);
          if (step === 'consent') consent = await page.locator('body').innerText();
        },
      },
      journey.oauth,
    );
    journey.client = client;
    expect(journey.oauth.clientId).toMatch(/.+/);
    expect(journey.oauth.clientId).not.toBe('analyst-code-editor');
    expect(callback.get('iss')).toBe(stack.authUrl);
    expect(consent).toContain('Journey client');
    expect(consent).toContain('workbooks.read');
    expect(journey.screenshots.map((file) => file.split('/').pop())).toEqual([
      '1-sign-in.png',
      '2-consent.png',
    ]);
  });

  it('5. the user lists their workbooks', async () => {
    const client = journey.client as Client;
    const listed = await client.callTool({ name: 'list_workbooks', arguments: {} });
    expect(listed.isError).toBeFalsy();
    const { workbooks } = listed.structuredContent as {
      workbooks: Array<{ id: string; name: string; workspace: { name: string } }>;
    };
    // Alan is an analyst in Research only: Operations' workbooks do not exist for him.
    expect(workbooks.map((w) => w.name)).toContain('Seattle Weather');
    expect(workbooks.map((w) => w.name)).not.toContain('Flight Operations');
    expect(new Set(workbooks.map((w) => w.workspace.name))).toEqual(new Set(['Research']));

    const weather = workbooks.find((w) => w.name === 'Seattle Weather');
    const opened = await client.callTool({
      name: 'get_workbook',
      arguments: { workbookId: weather?.id },
    });
    const { worksheets } = opened.structuredContent as {
      worksheets: Array<{ id: string; name: string; rowCount: number }>;
    };
    expect(worksheets[0]?.name).toBe('Daily Weather');
    journey.worksheetId = worksheets[0]?.id;
  });

  it('6. the user reads a worksheet', async () => {
    const client = journey.client as Client;
    const read = await client.callTool({
      name: 'read_worksheet',
      arguments: {
        worksheetId: journey.worksheetId,
        columns: ['date', 'weather', 'temp_max'],
        filters: [{ column: 'weather', op: 'eq', value: 'snow' }],
        sort: [{ column: 'temp_max', direction: 'asc' }],
        limit: 5,
      },
    });
    expect(read.isError).toBeFalsy();
    const data = read.structuredContent as {
      columns: Array<{ name: string; type: string }>;
      rows: unknown[][];
      totalRows: number;
    };
    expect(data.columns).toEqual([
      { name: 'date', type: 'date' },
      { name: 'weather', type: 'string' },
      { name: 'temp_max', type: 'number' },
    ]);
    expect(data.rows).toHaveLength(5);
    expect(data.rows.every((row) => row[1] === 'snow')).toBe(true);
    const temps = data.rows.map((row) => row[2] as number);
    expect(temps).toEqual([...temps].sort((a, b) => a - b));
    expect(data.totalRows).toBeGreaterThan(5);
  });

  it('7. the user starts an analysis and gets an answer', async () => {
    const client = journey.client as Client;
    const listed = await client.callTool({
      name: 'list_workbooks',
      arguments: { query: 'Automobiles' },
    });
    const workbookId = (listed.structuredContent as { workbooks: Array<{ id: string }> })
      .workbooks[0]?.id;
    const started = await client.callTool({
      name: 'start_analysis',
      arguments: { question: 'Average miles per gallon by year', workbookId, waitSeconds: 30 },
    });
    expect(started.isError, JSON.stringify(started.structuredContent)).toBeFalsy();
    const { conversation, turn } = started.structuredContent as AnalysisResult;
    expect(conversation.id).toMatch(/^conv_/);
    expect(conversation.turnCount).toBe(1);
    expect(turn.status).toBe('succeeded');
    expect(turn.answer?.source.worksheetName).toBe('Cars');
    expect(turn.answer?.table.rows.length).toBeGreaterThan(5);
    journey.conversationId = conversation.id;
  });

  it('8. the user continues it with a follow-up', async () => {
    const client = journey.client as Client;
    const input = {
      conversationId: journey.conversationId,
      question: 'only for Japan',
      waitSeconds: 30,
    };
    const continued = await client.callTool({ name: 'continue_analysis', arguments: input });
    journey.lastCall = { input, result: continued };
    expect(continued.isError, JSON.stringify(continued.structuredContent)).toBeFalsy();
    const { conversation, turn } = continued.structuredContent as AnalysisResult;
    expect(conversation.id).toBe(journey.conversationId);
    expect(conversation.turnCount).toBe(2);
    expect(turn.status).toBe('succeeded');
    // Japanese cars of 1980 averaged 35.4 mpg in the cars data set.
    expect(turn.answer?.table.rows).toContainEqual([1980, 35.4]);
  });

  it('9. the card renders that result in a sandboxed iframe, screenshot saved', async () => {
    const client = journey.client as Client;
    const resource = await readCardResource(client);
    expect(resource.csp).toEqual({ resourceDomains: [world.stack.cdnUrl], connectDomains: [] });
    const host = await startCardHostPage();
    const context = await world.browser.newContext({ viewport: { width: 900, height: 1200 } });
    const page = await context.newPage();
    // The card's tools/call reach the real server through the signed-in client, as a host's would.
    await page.exposeFunction(
      'callServerTool',
      (params: { name: string; arguments: Record<string, unknown> }) => client.callTool(params),
    );
    await page.goto(`${host.origin}/`);
    await page.evaluate(
      (options) =>
        (window as unknown as { cardHost: { mount(o: unknown): Promise<void> } }).cardHost.mount(
          options,
        ),
      {
        html: resource.html,
        csp: resource.csp,
        theme: 'light',
        width: 640,
        tools: 'server',
        input: journey.lastCall?.input,
        result: journey.lastCall?.result,
      },
    );
    const handle = await page.waitForSelector('iframe');
    expect(await handle.getAttribute('sandbox')).toBe('allow-scripts');
    const frame = await handle.contentFrame();
    if (!frame) throw new Error('the card frame has no content');
    journey.card = {
      page,
      frame,
      close: async () => {
        await context.close();
        await host.close();
      },
    };
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 30_000 });
    await frame.waitForSelector('[data-testid=chart] svg');
    expect(await frame.locator('[data-testid=answer-table] tbody tr').count()).toBeGreaterThan(5);
    const file = join(journey.artifacts, '04-card.png');
    await page.screenshot({ path: file, fullPage: true });
    journey.screenshots.push(file);
  });

  it('10. a follow-up asked from inside the card appends a turn', async () => {
    const { page, frame } = journey.card!;
    await frame.fill('[data-testid=follow-up-input]', 'now by cylinders');
    await frame.click('[data-testid=follow-up-submit]');
    await frame.waitForSelector('h1:text("now by cylinders")');
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 30_000 });
    await page.screenshot({
      path: join(journey.artifacts, '05-card-follow-up.png'),
      fullPage: true,
    });
    const latest = await (journey.client as Client).callTool({
      name: 'get_analysis',
      arguments: { conversationId: journey.conversationId },
    });
    const { conversation, turn } = latest.structuredContent as AnalysisResult & {
      turn: { question: string };
    };
    expect(conversation.turnCount).toBe(3);
    expect(turn).toMatchObject({ question: 'now by cylinders', status: 'succeeded' });
  });
});
