import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Vite's content-hashed names look like `card-3f9a1c2b.js` (8+ base64url characters before the extension). */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * The static CDN origin for the card bundle (SPEC section 5): `Access-Control-Allow-Origin: *`,
 * immutable caching for content-hashed names, exact content types and `nosniff`.
 */
export function buildCdnApp(options: { root: string; logger?: boolean }): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const root = normalize(options.root + sep);

  app.get('/*', async (request, reply) => {
    const path = decodeURIComponent(new URL(request.url, 'http://cdn').pathname).replace(/^\/+/, '');
    const file = normalize(join(root, path || 'index.html'));
    void reply
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin');
    const type = CONTENT_TYPES[extname(file)];
    const info = file.startsWith(root) && type ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    const cache = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    return reply.header('cache-control', cache).type(type as string).send(await readFile(file));
  });
  return app;
}
