import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCdnApp } from './cdn.js';

describe('CDN', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cdn-'));
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, '.vite'));
    await writeFile(join(root, 'assets', 'card-Dx3f9a1c.js'), 'console.log(1)');
    await writeFile(join(root, 'assets', 'card-Qw3rTy_1.css'), 'body{}');
    // Looks hashed, but Vite did not write it: must not be pinned for a year.
    await writeFile(join(root, 'assets', 'report-20240101.js'), 'console.log(2)');
    await writeFile(join(root, 'index.html'), '<!doctype html>');
    await writeFile(join(root, 'secret.txt'), 'no');
    await writeFile(join(root, '.env'), 'SECRET=1');
    await writeFile(
      join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/card-Dx3f9a1c.js',
          css: ['assets/card-Qw3rTy_1.css'],
          isEntry: true,
        },
      }),
    );
    app = await buildCdnApp({ root });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable, cross-origin readable and nosniff', async () => {
    const res = await app.inject({ url: '/assets/card-Dx3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const css = await app.inject({ url: '/assets/card-Qw3rTy_1.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not pin names Vite did not hash, even when they look hashed', async () => {
    for (const url of ['/index.html', '/assets/report-20240101.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('carries the security headers on every answer, errors included', async () => {
    for (const url of ['/index.html', '/missing.js', '/%E0%A4%A']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeDefined();
    }
  });

  it('answers a malformed percent sequence with 400, not 500', async () => {
    for (const url of ['/%E0%A4%A', '/assets/%', '/%zz.js', '/assets/card-%C0%AF.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('refuses path traversal, dotfiles, directories and unknown file types', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fsecret.txt',
      '/secret.txt',
      '/.env',
      '/.vite/manifest.json',
      '/assets/',
      '/',
      '/missing.js',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('SECRET');
    }
  });
});
