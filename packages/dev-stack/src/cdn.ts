import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { TlsFiles } from '@ask-analyst/config';
import Fastify, { type FastifyInstance } from 'fastify';

/** The only file types the CDN serves, with the exact content type each gets. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite's default output name: `[name]-[hash].[ext]`, the hash 8 base64url characters. */
const VITE_HASHED_NAME = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

const BAD_URL = '/__malformed-url';

function decodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    return true;
  } catch {
    return false;
  }
}

interface ViteManifestChunk {
  file?: unknown;
  css?: unknown;
  assets?: unknown;
}

/**
 * The files Vite wrote under content-hashed names, from its build manifest (`.vite/manifest.json`):
 * only these may be cached as immutable. A name that merely looks hashed is not enough (a
 * hand-placed `report-20240101.js` must not be pinned for a year); without a manifest, nothing is.
 */
export function hashedAssets(root: string): Set<string> {
  let manifest: Record<string, ViteManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ViteManifestChunk
    >;
  } catch {
    return new Set();
  }
  const names = Object.values(manifest).flatMap((chunk) =>
    [chunk.file, chunk.css, chunk.assets].flat().filter((n): n is string => typeof n === 'string'),
  );
  return new Set(names.filter((name) => VITE_HASHED_NAME.test(name)));
}

/**
 * The static CDN origin for the card bundle (SPEC section 5), on `@fastify/static`:
 * `Access-Control-Allow-Origin: *`, `Cache-Control: public, max-age=31536000, immutable` only for
 * the files Vite's manifest lists as content-hashed (`no-cache` for the rest), exact content types
 * for an allowlist of extensions (anything else is 404), no dotfiles, no directory listing, and
 * the same security headers as every other page the stack serves (helmet). A malformed
 * percent-encoding is the client's error: 400, never 500.
 */
export async function buildCdnApp(options: {
  root: string;
  logger?: boolean;
  /** Certificate and key to serve TLS with; plain HTTP without. */
  tls?: TlsFiles | undefined;
}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
    logger: options.logger ?? false,
    // A path that does not percent-decode is routed to one answer that goes through the hooks
    // (so it carries the security headers), instead of the framework's bare bad-URL reply.
    rewriteUrl: (request) => (decodablePath(request.url ?? '/') ? (request.url ?? '/') : BAD_URL),
  });
  const immutable = hashedAssets(options.root);

  await app.register(fastifyHelmet, {
    // Scripts and styles are loaded cross-origin by the card iframe: resources are meant to be
    // embedded elsewhere (CORP cross-origin); the documents here run nothing of their own origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('not found\n'),
  );
  app.setErrorHandler((error, _request, reply) => {
    const code = (error as { statusCode?: unknown }).statusCode;
    const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
    if (status >= 500) app.log.error({ err: error }, 'cdn request failed');
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 404 ? 'not found\n' : status < 500 ? 'bad request\n' : 'internal error\n');
  });

  app.get(BAD_URL, (_request, reply) =>
    reply.code(400).type('text/plain; charset=utf-8').send('bad request\n'),
  );
  await app.register(fastifyStatic, {
    root: options.root,
    serveDotFiles: false,
    dotfiles: 'ignore',
    index: false,
    list: false,
    redirect: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    allowedPath: (pathName) => extname(pathName) in CONTENT_TYPES,
    setHeaders: (reply, path) => {
      const relative = path
        .slice(options.root.replace(/\/+$/, '').length + 1)
        .replaceAll('\\', '/');
      void reply
        .header('access-control-allow-origin', '*')
        .header('content-type', CONTENT_TYPES[extname(path)] ?? 'application/octet-stream')
        .header('cache-control', immutable.has(relative) ? IMMUTABLE : 'no-cache');
    },
  });
  return app;
}
