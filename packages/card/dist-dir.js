import { fileURLToPath } from 'node:url';

/** Absolute path of the built card assets (what the CDN serves). */
export const cardDistDir = fileURLToPath(new URL('./dist/', import.meta.url));
