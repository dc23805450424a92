import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardDistDir } from '@ask-analyst/card/dist-dir';
import { CARD_MIME_TYPE, CARD_RESOURCE_URI } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { rpcMessages } from '../test-support/mcp-call.js';
import { CardAssetsError, loadCardAssets } from './card-assets.js';
import { loadCardResource } from './card-resource.js';

const CDN_URL = 'http://127.0.0.1:4100';

/** The integrity value of a built file, computed here independently of the server's code. */
async function sha384(path: string): Promise<string> {
  const bytes = await readFile(join(cardDistDir, path));
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

describe('the card resource', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ CDN_URL });
    token = await t.token();
  });
  afterAll(async () => {
    await t.close();
  });

  async function rpc(method: string, params: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(token),
      payload: { jsonrpc: '2.0', id: 1, method, params },
    });
    expect(response.statusCode).toBe(200);
    const message = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
    expect(message?.error).toBeUndefined();
    return message?.result as Record<string, unknown>;
  }

  const csp = { resourceDomains: [CDN_URL], connectDomains: [] };

  it('is listed with the MCP Apps mime type and the CDN-only CSP', async () => {
    const result = (await rpc('resources/list', {})) as {
      resources: Array<{ uri: string; mimeType: string; _meta?: { ui?: { csp?: unknown } } }>;
    };
    const card = result.resources.find((r) => r.uri === CARD_RESOURCE_URI);
    expect(card?.mimeType).toBe('text/html;profile=mcp-app');
    expect(card?.mimeType).toBe(CARD_MIME_TYPE);
    expect(card?._meta?.ui?.csp).toEqual(csp);
  });

  it('reads as small HTML loading the built assets from the CDN with their real sha384 hashes', async () => {
    const result = (await rpc('resources/read', { uri: CARD_RESOURCE_URI })) as {
      contents: Array<{
        uri: string;
        mimeType: string;
        text: string;
        _meta?: { ui?: { csp?: unknown } };
      }>;
    };
    expect(result.contents).toHaveLength(1);
    const [content] = result.contents;
    expect(content?.uri).toBe(CARD_RESOURCE_URI);
    expect(content?.mimeType).toBe(CARD_MIME_TYPE);
    expect(content?._meta?.ui?.csp).toEqual(csp);
    const html = content?.text ?? '';
    expect(html.length).toBeLessThan(2048);

    const manifest = JSON.parse(
      await readFile(join(cardDistDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const css = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.css'));
    expect(entry?.file).toMatch(/^assets\/index-[\w-]+\.js$/);
    expect(html).toContain(
      `<script type="module" src="${CDN_URL}/${entry?.file}" integrity="${await sha384(entry?.file ?? '')}" crossorigin="anonymous"></script>`,
    );
    expect(css.length).toBeGreaterThan(0);
    for (const style of css) {
      expect(html).toContain(
        `<link rel="stylesheet" href="${CDN_URL}/${style.file}" integrity="${await sha384(style.file)}" crossorigin="anonymous">`,
      );
    }
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.length).toBe(1 + css.length);
    for (const url of urls) expect(url?.startsWith(`${CDN_URL}/assets/`)).toBe(true);
    expect(html).not.toMatch(/<script>|<style>|\son\w+=/);
  });
});

describe('loadCardAssets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'card-build-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function build(manifest: unknown, files: Record<string, string>) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, '.vite'), { recursive: true });
    await mkdir(join(dir, 'assets'), { recursive: true });
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  }

  it('hashes the entry, the chunks it imports and its stylesheets', async () => {
    await build(
      {
        'index.html': {
          file: 'assets/index-aaaa1111.js',
          isEntry: true,
          imports: ['_vendor'],
          css: ['assets/index-cccc3333.css'],
        },
        _vendor: { file: 'assets/vendor-bbbb2222.js' },
      },
      {
        'assets/index-aaaa1111.js': 'import "./vendor-bbbb2222.js";',
        'assets/vendor-bbbb2222.js': 'export const x = 1;',
        'assets/index-cccc3333.css': 'body{}',
      },
    );
    const assets = await loadCardAssets(dir);
    const hash = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
    expect(assets.script).toEqual({
      path: 'assets/index-aaaa1111.js',
      integrity: hash('import "./vendor-bbbb2222.js";'),
    });
    expect(assets.preloads).toEqual([
      { path: 'assets/vendor-bbbb2222.js', integrity: hash('export const x = 1;') },
    ]);
    expect(assets.styles).toEqual([
      { path: 'assets/index-cccc3333.css', integrity: hash('body{}') },
    ]);
    const card = await loadCardResource({ distDir: dir, cdnUrl: 'https://cdn.example.com' });
    expect(card.html).toContain(
      `<link rel="modulepreload" href="https://cdn.example.com/assets/vendor-bbbb2222.js" integrity="${hash('export const x = 1;')}" crossorigin="anonymous">`,
    );
  });

  it('refuses a missing build, a broken manifest and a missing file with a clear code', async () => {
    await rm(dir, { recursive: true, force: true });
    await expect(loadCardAssets(dir)).rejects.toMatchObject({ code: 'card_not_built' });
    await build({ 'index.html': { file: 'assets/index-aaaa1111.js', isEntry: true } }, {});
    await expect(loadCardAssets(dir)).rejects.toMatchObject({ code: 'card_asset_missing' });
    await build({ 'index.html': { file: '../../etc/passwd.js', isEntry: true } }, {});
    await expect(loadCardAssets(dir)).rejects.toMatchObject({ code: 'card_manifest_invalid' });
    await build(['not', 'a', 'manifest'], {});
    await expect(loadCardAssets(dir)).rejects.toBeInstanceOf(CardAssetsError);
  });
});
