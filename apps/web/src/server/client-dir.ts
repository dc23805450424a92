import { fileURLToPath } from 'node:url';

/** Where `vite build` writes the pages: `dist/client` of this package. */
export const clientDir = fileURLToPath(new URL('../client', import.meta.url));
