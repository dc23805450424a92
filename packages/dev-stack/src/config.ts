import { resolve } from 'node:path';
import { loadTlsFiles, type TlsFiles } from '@ask-analyst/config';
import { z } from 'zod';

const Port = z.coerce.number().int().min(0).max(65_535);

const StackEnvSchema = z.object({
  CDN_URL: z.string().url().default('http://localhost:4100'),
  CDN_PORT: Port.default(4100),
  CDN_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  // Demo users share a published password: seeded by default only outside production.
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.string().default('development'),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
});

/** What the launcher itself reads; each app parses its own settings from the same environment. */
export interface StackConfig {
  cdnUrl: string;
  cdnPort: number;
  cdnHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** The CDN's certificate and key when it serves TLS (the same TLS_CERT_FILE the apps read). */
  cdnTls: TlsFiles | undefined;
}

/** Parses the launcher's settings once; throws with the exact field at fault. */
export function loadStackConfig(env: NodeJS.ProcessEnv): StackConfig {
  const parsed = StackEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid dev stack configuration: ${problems}`);
  }
  const e = parsed.data;
  const cdnUrl = e.CDN_URL.replace(/\/+$/, '');
  const tls = loadTlsFiles({
    certFile: e.TLS_CERT_FILE,
    keyFile: e.TLS_KEY_FILE,
    served: [['CDN_URL', cdnUrl]],
  });
  if (tls.problems.length > 0) {
    throw new Error(`Invalid dev stack configuration: ${tls.problems.join('; ')}`);
  }
  return {
    cdnUrl,
    cdnPort: e.CDN_PORT,
    cdnHost: e.CDN_HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    cdnTls: tls.tls,
  };
}
