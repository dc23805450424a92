import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { CallToolResult } from '@modelcontextprotocol/client';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
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
  return {
    browser,
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
  // A context of its own (axe opens a page beside it to assemble its results).
  const context = await harness.browser.newContext({
    viewport: { width: options.width ?? 720, height: 900 },
    colorScheme: options.theme ?? 'light',
  });
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(harness.url);
  await page.waitForFunction(() => 'harness' in window);
  await page.evaluate((mount) => window.harness.mount(mount), {
    ...(options.scenario ? { scenario: options.scenario } : {}),
    ...(options.results ? { results: options.results } : {}),
    theme: options.theme ?? 'light',
    stepMs: options.stepMs ?? 600,
  });
  return page;
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

/** Serious and critical axe violations, as `rule: target` lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
