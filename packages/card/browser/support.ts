import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { CallToolResult } from '@modelcontextprotocol/client';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

const packageDir = resolve(import.meta.dirname, '..');

/** Screenshots of every state the browser tests render, for people to look at. */
export const ARTIFACTS = join(packageDir, '..', '..', '.test-artifacts', 'card');

/** Chromium from the machine (Debian's `chromium`); tests never download a browser. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) throw new Error('No Chromium found: install chromium or set CHROMIUM_PATH.');
  return found;
}

export interface Harness {
  browser: Browser;
  /**
   * The one context every card page opens in: its HTTP cache keeps the modules Vite serves, so a
   * page after the first loads in a fraction of the time (a fresh context fetches them all again).
   */
  context: BrowserContext;
  /** The page `showCard` shows every card on, once opened. */
  shared?: Page;
  url: string;
  close(): Promise<void>;
}

/** The harness page served by Vite (the card's sources, no build) and a headless Chromium. */
export async function startHarness(): Promise<Harness> {
  await mkdir(ARTIFACTS, { recursive: true });
  const server: ViteDevServer = await createServer({
    root: packageDir,
    configFile: false,
    plugins: [react()],
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    optimizeDeps: { noDiscovery: false },
  });
  await server.listen();
  const { port } = server.httpServer?.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 720, height: 900 } });
  return {
    browser,
    context,
    url: `http://127.0.0.1:${port}/harness/index.html`,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface OpenOptions {
  scenario?: string;
  results?: CallToolResult[];
  theme?: 'light' | 'dark';
  width?: number;
  stepMs?: number;
}

/** A page of the given width showing the card mounted with the options. */
export async function openCard(harness: Harness, options: OpenOptions): Promise<Page> {
  // The harness's context, shared by the pages one after another (axe opens a page beside one to
  // assemble its results, and closes it): width and colour scheme are the page's own.
  const page = await harness.context.newPage();
  await page.setViewportSize({ width: options.width ?? 720, height: 900 });
  await page.emulateMedia({ colorScheme: options.theme ?? 'light' });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(harness.url);
  await page.waitForFunction(() => 'harness' in window);
  await page.evaluate((mount) => window.harness.mount(mount), mountOptions(options));
  return page;
}

function mountOptions(options: OpenOptions) {
  return {
    ...(options.scenario ? { scenario: options.scenario } : {}),
    ...(options.results ? { results: options.results } : {}),
    theme: options.theme ?? 'light',
    stepMs: options.stepMs ?? 600,
  };
}

/**
 * Shows another card on a page `openCard` opened (the page's module graph already loaded, which
 * costs seconds a page): the previous card is unmounted and its polls stopped, the page takes the
 * theme's colour scheme, and the new card is mounted as `openCard` mounts it.
 */
export async function remount(page: Page, options: Omit<OpenOptions, 'width'>): Promise<void> {
  await page.emulateMedia({ colorScheme: options.theme ?? 'light' });
  await page.evaluate((mount) => window.harness.mount(mount), mountOptions(options));
}

/**
 * The card of these options on the harness's one shared page (opened by the first call): the card
 * before is unmounted, the page set to the width, and this card mounted, in a fraction of the time
 * loading a page takes.
 */
export async function showCard(harness: Harness, options: OpenOptions): Promise<Page> {
  if (!harness.shared || harness.shared.isClosed()) {
    harness.shared = await openCard(harness, options);
    return harness.shared;
  }
  await resizeTo(harness.shared, options.width ?? 720);
  await remount(harness.shared, options);
  return harness.shared;
}

/** Waits until the card shows the turn in this status (`data-status` of the status hook). */
export async function statusIs(page: Page, status: string, timeout = 15_000): Promise<void> {
  await page.waitForSelector(`[data-testid=status][data-status=${status}]`, { timeout });
}

/** Words and numbers of the card's text that the layout split across two lines. */
export function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (node.parentElement?.closest('svg')) continue;
      for (const match of text.matchAll(/\S+/g)) {
        if (match[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

/** How far the page scrolls sideways (0 when the card fits its width). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Resizes the page's viewport and waits until the card has laid itself out again: the document
 * has the new width and every chart has redrawn at its figure's width (charts follow their box
 * with a ResizeObserver, `useWidth`), then one more frame is painted.
 */
export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction(
    (expected) =>
      window.innerWidth === expected &&
      [...document.querySelectorAll('[data-testid=chart]')].every((figure) => {
        const svg = figure.querySelector('svg');
        const drawn = Number(svg?.getAttribute('width'));
        return !svg || drawn === Math.floor(figure.getBoundingClientRect().width);
      }),
    width,
    { timeout: 10_000 },
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Serious and critical axe violations, as `rule: target` lines. Legacy mode: one `axe.run` in the
 * page. The harness page has no frames, so it sees what the default mode sees (the same
 * violations and passes, compared on the recorded states) without the blank page that mode opens
 * to assemble frames' results, at half the time or less.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

/** Saves a full-page screenshot under .test-artifacts/card. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The card's height in CSS pixels. */
export function cardHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('.card')?.getBoundingClientRect().height ?? 0);
}
