import { fileURLToPath } from 'node:url';

/** Absolute path of the built end-to-end test host script (`vite.test-host.config.ts`). */
export const cardTestHostScript = fileURLToPath(
  new URL('./dist-test-host/card-test-host.js', import.meta.url),
);
