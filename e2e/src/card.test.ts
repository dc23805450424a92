import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CARD_MIME_TYPE } from '@ask-analyst/protocol';
import type { Client } from '@modelcontextprotocol/client';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCardResource, startCardHostPage } from './fixtures/card-host.js';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';

/** Screenshots of each state, kept as test artifacts. */
const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts', 'card');

/** A scenario the card package recorded from the real stack (`pnpm --filter @ask-analyst/card fixtures`). */
function recorded(name: string): {
  results: Array<{ structuredContent: { turn: { answer?: { summary: string } } } }>;
} {
  const path = createRequire(import.meta.url).resolve(`@ask-analyst/card/fixtures/${name}.json`);
  return JSON.parse(readFileSync(path, 'utf8'));
}
const recordedSummary = (name: string) =>
  recorded(name).results.at(-1)?.structuredContent.turn.answer?.summary ?? '';

/** What the test host script puts on the host page's window. */
interface HostWindow {
  cardHost?: { mount(options: unknown): Promise<void>; calls: string[] };
}

interface CardResourceRead {
  html: string;
  csp: { resourceDomains: string[]; connectDomains: string[] };
}

/**
 * The real card resource from the running MCP server (read by a signed-in client) in an iframe
 * with `sandbox="allow-scripts"` and the CSP the resource declares, its assets from the real CDN,
 * the host played with ext-apps AppBridge (the test host script of `@ask-analyst/card`).
 *
 * One test drives the card against the real Ask Analyst tools of the running server (`tools:
 * 'server'`: the page's `callServerTool` forwards to the signed-in client), from a real
 * `start_analysis` result. The others, which need states the server cannot be made to produce on
 * demand (a failure, a 5,000-row truncation, every chart type), answer the card's tools/call from
 * RecordedTools, a test-only stand-in replaying results recorded from the demo data.
 */
describe('the Ask Analyst card in a sandboxed frame', () => {
  const world = useE2eWorld();
  let client: Client;
  let resource: CardResourceRead;
  let hostPage: { origin: string; close(): Promise<void> };
  let hostOrigin: string;

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    // The host page on its own loopback origin (not the CDN's): a browser lets a loopback page's
    // frames reach the loopback CDN, as a desktop client reaching a local dev stack would.
    hostPage = await startCardHostPage();
    hostOrigin = hostPage.origin;
    ({ client } = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'ada@acme.test',
    }));
    const read = await readCardResource(client);
    expect(read.mimeType).toBe(CARD_MIME_TYPE);
    expect(read.csp).toEqual({ resourceDomains: [world.stack.cdnUrl], connectDomains: [] });
    resource = { html: read.html, csp: read.csp as CardResourceRead['csp'] };
  });
  afterAll(async () => {
    await client?.close();
    await hostPage?.close();
  });

  /** A host page showing the card; every request the card's frame makes is recorded. */
  async function openHost(options: Record<string, unknown>) {
    // A fresh context each time: an empty cache, so every load the card makes is seen.
    const context = await world.browser.newContext({ viewport: { width: 900, height: 1200 } });
    const page = await context.newPage();
    page.on('close', () => {
      // The browser may be closing too (end of file): a context already gone is not an error.
      context.close().catch(() => undefined);
    });
    const frameRequests: string[] = [];
    const frameResponses: string[] = [];
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The host page loads itself (and perhaps a favicon) from its own origin; anything else the
    // page makes is the card frame's doing.
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== hostOrigin) frameRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).origin !== hostOrigin) frameResponses.push(response.url());
    });
    await page.exposeFunction(
      'callServerTool',
      (params: { name: string; arguments: Record<string, unknown> }) => client.callTool(params),
    );
    await page.goto(`${hostOrigin}/`);
    await page.evaluate(
      (mountOptions) => (window as unknown as HostWindow).cardHost?.mount(mountOptions),
      {
        ...resource,
        theme: 'light',
        width: 640,
        tools: 'recorded',
        ...options,
      },
    );
    const frame = await cardFrame(page);
    return { page, frame, frameRequests, frameResponses, problems };
  }

  async function cardFrame(page: Page): Promise<Frame> {
    const handle = await page.waitForSelector('iframe');
    expect(await handle.getAttribute('sandbox')).toBe('allow-scripts');
    const frame = await handle.contentFrame();
    if (!frame) throw new Error('the card frame has no content');
    return frame;
  }

  async function shot(page: Page, name: string) {
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  }

  /**
   * Every load of the card frame went to the CDN. Chromium runs sandboxed frames in their own
   * process, whose requests the page's network events miss, so the frame's own Resource Timing
   * entries (every script, style, image, font and fetch it loaded) are the witness; requests the
   * page saw besides the host page itself must be the CDN's too.
   */
  async function onlyCdn(frame: Frame, pageRequests: string[]) {
    const loaded = await frame.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(loaded.length).toBeGreaterThanOrEqual(2);
    for (const url of [...loaded, ...pageRequests]) {
      expect(new URL(url).origin).toBe(world.stack.cdnUrl);
    }
  }

  it('shows a finished answer with its chart, loading only from the CDN', async () => {
    const { page, frame, frameRequests, problems } = await openHost({ scenario: 'answer-bar' });
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]');
    expect(await frame.locator('[data-testid=chart] svg rect.bar').count()).toBe(5);
    expect(await frame.locator('[data-testid=summary]').textContent()).toBe(
      recordedSummary('answer-bar'),
    );
    expect(await frame.locator('[data-testid=answer-table] tbody tr').count()).toBe(5);
    await shot(page, 'answer-bar');
    await onlyCdn(frame, frameRequests);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows a running turn to its end, then a follow-up replaces the answer', async () => {
    const { page, frame, frameRequests, problems } = await openHost({ scenario: 'running' });
    await frame.waitForSelector('[data-testid=status][data-status=running]');
    await shot(page, 'running');
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 20_000 });
    await frame.waitForSelector('[data-testid=chart] svg');
    await shot(page, 'running-finished');
    // One get_analysis for each recorded state after the first.
    expect(await page.evaluate(() => (window as unknown as HostWindow).cardHost?.calls)).toEqual(
      recorded('running')
        .results.slice(1)
        .map(() => 'get_analysis'),
    );

    await frame.fill('[data-testid=follow-up-input]', 'How many flights were there each month?');
    await frame.click('[data-testid=follow-up-submit]');
    await frame.waitForSelector('h1:text("How many flights were there each month?")');
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 20_000 });
    await frame.waitForSelector('[data-testid=chart] svg polyline');
    expect(await frame.locator('[data-testid=summary]').textContent()).toBe(
      recordedSummary('answer-line'),
    );
    expect(await page.evaluate(() => (window as unknown as HostWindow).cardHost?.calls)).toContain(
      'continue_analysis',
    );
    await shot(page, 'follow-up-answer');
    await onlyCdn(frame, frameRequests);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows a real turn of the MCP server to its end, and a follow-up asked in the card reaches it', async () => {
    const listed = await client.callTool({
      name: 'list_workbooks',
      arguments: { query: 'Flight Operations' },
    });
    const workbookId = (listed.structuredContent as { workbooks: Array<{ id: string }> })
      .workbooks[0]!.id;
    const input = { question: 'Total distance by month', workbookId, waitSeconds: 0 };
    const result = await client.callTool({ name: 'start_analysis', arguments: input });
    const started = result.structuredContent as {
      conversation: { id: string };
      turn: { status: string };
    };
    expect(['queued', 'running', 'succeeded']).toContain(started.turn.status);
    const { page, frame, frameRequests, problems } = await openHost({
      tools: 'server',
      input,
      result,
    });
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 60_000 });
    await frame.waitForSelector('[data-testid=chart] svg');
    expect(await frame.locator('[data-testid=summary]').textContent()).toContain('369,781,288');
    expect(await frame.locator('[data-testid=answer-table] tbody tr').count()).toBeGreaterThan(5);
    await shot(page, 'server-answer');

    await frame.fill('[data-testid=follow-up-input]', 'only flights from LAX');
    await frame.click('[data-testid=follow-up-submit]');
    await frame.waitForSelector('h1:text("only flights from LAX")');
    await frame.waitForSelector('[data-testid=status][data-status=succeeded]', { timeout: 60_000 });
    await shot(page, 'server-follow-up');
    const latest = await client.callTool({
      name: 'get_analysis',
      arguments: { conversationId: started.conversation.id },
    });
    const after = latest.structuredContent as {
      conversation: { turnCount: number };
      turn: {
        question: string;
        status: string;
        answer?: { interpretation: { restatement: string } };
      };
    };
    expect(after.conversation.turnCount).toBe(2);
    expect(after.turn).toMatchObject({ question: 'only flights from LAX', status: 'succeeded' });
    expect(after.turn.answer?.interpretation.restatement).toMatch(/origin is LAX/);
    await onlyCdn(frame, frameRequests);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a failure, at 320 px in the dark theme', async () => {
    const { page, frame, frameRequests } = await openHost({
      scenario: 'failed',
      theme: 'dark',
      width: 320,
    });
    await frame.waitForSelector('[data-testid=error]');
    expect(await frame.locator('[data-testid=status]').getAttribute('data-status')).toBe('failed');
    expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const overflow = await frame.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'failed-dark-320');
    await onlyCdn(frame, frameRequests);
    await page.close();
  });

  it('renders a 5,000-row truncated answer and the other chart types', async () => {
    for (const scenario of [
      'answer-truncated',
      'answer-line-series',
      'answer-kpi',
      'answer-empty',
      'answer-histogram',
      'answer-boxplot',
      'answer-scatter',
    ]) {
      const { page, frame } = await openHost({
        scenario,
        width: scenario === 'answer-kpi' ? 320 : 640,
      });
      await frame.waitForSelector('[data-testid=status][data-status=succeeded]');
      await shot(page, scenario);
      await page.close();
    }
  });

  it("rejects the card's assets when the CSP does not name the CDN", async () => {
    const { page, frame, frameResponses } = await openHost({
      scenario: 'answer-bar',
      csp: { resourceDomains: ['https://elsewhere.example.test'], connectDomains: [] },
    });
    await page.waitForTimeout(1500);
    expect(await frame.locator('[data-testid=status]').count()).toBe(0);
    expect(frameResponses).toEqual([]);
    await page.close();
  });
});
