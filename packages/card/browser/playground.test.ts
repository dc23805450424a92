import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspOf } from '../test-host/csp.js';

// The designers' playground as `pnpm dev` serves it (vite.config.ts with the playground plugin).
let server: ViteDevServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  server = await createServer({
    configFile: resolve(import.meta.dirname, '..', 'vite.config.ts'),
    logLevel: 'error',
    server: { host: 'localhost', port: 0, strictPort: false },
  });
  await server.listen();
  origin = `http://localhost:${(server.httpServer?.address() as AddressInfo).port}`;
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (path): path is string => Boolean(path && existsSync(path)),
  );
  browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the playground', () => {
  it('frames the card under the declared CSP, where it works, and reports what the policy refuses', async () => {
    const page = await browser.newPage();
    const card = page.waitForResponse((response) => response.url().endsWith('/index.html'));
    await page.goto(`${origin}/playground/?scenario=failed`);
    const host = new URL(origin).host;
    expect((await card).headers()['content-security-policy']).toBe(
      cspOf(
        { resourceDomains: [origin], connectDomains: [] },
        { nonce: 'card-playground-dev', connect: [`ws://${host}`] },
      ),
    );
    const frame = page.frameLocator('iframe');
    await frame.locator('[data-testid=status][data-status=failed]').waitFor();
    // An alternative asks the follow-up; the recorded answer to that very question comes back.
    await frame.getByRole('button', { name: /US Gross/ }).click();
    await frame.locator('[data-testid=status][data-status=succeeded]').waitFor();
    expect(await frame.locator('[data-testid=summary]').innerText()).toMatch(/US Gross/);
    const log = page.locator('#log');
    expect(await log.innerText()).not.toContain('CSP refused');
    // What a host would refuse, the playground refuses and shows.
    await frame.locator('body').evaluate(() => {
      void fetch('https://example.com/data.json').catch(() => undefined);
    });
    await log.getByText(/CSP refused connect-src: https:\/\/example\.com/).waitFor();
    await page.close();
  });
});
