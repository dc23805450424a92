import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The pages: one HTML entry built into `dist/client`, which the Fastify app serves. `vite` (the
 * `dev` script) serves them with hot reload and passes `/api` and `/auth` to the running stack's
 * web app (APP_URL, http://localhost:4200 by default).
 */
export default defineConfig({
  plugins: [react()],
  root: 'src/client',
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:4200',
      '/auth': 'http://localhost:4200',
    },
  },
});
