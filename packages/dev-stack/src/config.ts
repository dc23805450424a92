import { join, resolve } from 'node:path';
import {
  blankToUndefined,
  envInt,
  envOrigins,
  envString,
  loadConfig,
  TLS_VARIABLES,
} from '@ask-analyst/config';
import { z } from 'zod';

/** What the launcher itself reads; each app parses its own settings from the same environment. */
const VARIABLES = {
  CDN_URL: envOrigins('https://cdn.example.com').withDefault('http://localhost:4100'),
  CDN_PORT: envInt(4100, 0, 65_535),
  CDN_HOST: envString('127.0.0.1'),
  DATA_DIR: envString('.data'),
  // The one folder `pnpm ops import` may read from (default `${DATA_DIR}/imports`).
  IMPORT_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(blankToUndefined, z.url().optional()),
  // Demo users share a published password: seeded by default only outside production.
  SEED_DEMO: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  NODE_ENV: envString('development'),
  ...TLS_VARIABLES,
};

/** Parses the launcher's settings once; throws a `ConfigError` naming every problem. */
export function loadStackConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    name: 'dev stack',
    variables: VARIABLES,
    env,
    derive: (e, check) => ({
      cdnUrl: e.CDN_URL,
      cdnPort: e.CDN_PORT,
      cdnHost: e.CDN_HOST,
      dataDir: resolve(e.DATA_DIR),
      importDir: resolve(e.IMPORT_DIR ?? join(e.DATA_DIR, 'imports')),
      databaseUrl: e.DATABASE_URL,
      seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
      /** The CDN's certificate and key when it serves TLS (the same TLS_CERT_FILE the apps read). */
      cdnTls: check.tls(e, [['CDN_URL', e.CDN_URL]]),
    }),
  });
}

/** What the launcher itself reads, parsed once. */
export type StackConfig = ReturnType<typeof loadStackConfig>;
