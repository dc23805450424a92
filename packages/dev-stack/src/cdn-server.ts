#!/usr/bin/env node
import { cardDistDir } from '@ask-analyst/card/dist-dir';
import { buildCdnApp } from './cdn.js';
import { loadStackConfig } from './config.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The CDN alone (the card's static assets), as a separate process of the production topology
 * (`pnpm cluster`; docs/deployment.md): CDN_URL, CDN_HOST, CDN_PORT and the TLS variables, the
 * same the dev stack's CDN reads. In production a real CDN serves the same files (docs/card.md).
 */
async function main(): Promise<void> {
  const config = loadStackConfig(process.env);
  const app = await buildCdnApp({ root: cardDistDir, tls: config.cdnTls });
  await app.listen({ port: config.cdnPort, host: config.cdnHost });
  const stop = () => {
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
