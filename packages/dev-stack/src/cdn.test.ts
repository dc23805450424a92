import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCdnApp } from './cdn.js';

describe('CDN', () => {
  let root: string;
  const app = () => buildCdnApp({ root });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cdn-'));
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'assets', 'card-Dx3f9a1c.js'), 'console.log(1)');
    await writeFile(join(root, 'card.html'), '<!doctype html>');
    await writeFile(join(root, 'secret.txt'), 'no');
  });
  afterAll(() => undefined);

  it('serves hashed assets as immutable, cross-origin readable and nosniff', async () => {
    const res = await app().inject({ url: '/assets/card-Dx3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not cache unhashed names for a year', async () => {
    const res = await app().inject({ url: '/card.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('refuses path traversal and unknown file types', async () => {
    expect((await app().inject({ url: '/../package.json' })).statusCode).toBe(404);
    expect((await app().inject({ url: '/%2e%2e/%2e%2e/etc/passwd' })).statusCode).toBe(404);
    expect((await app().inject({ url: '/secret.txt' })).statusCode).toBe(404);
    expect((await app().inject({ url: '/missing.js' })).statusCode).toBe(404);
  });
});
