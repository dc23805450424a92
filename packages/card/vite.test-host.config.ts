import { defineConfig } from 'vite';

/**
 * The end-to-end test's host page script (not part of the card, never on the CDN): ext-apps'
 * AppBridge and the recorded stand-in, as one classic script the test injects into its host page.
 */
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-test-host',
    emptyOutDir: true,
    lib: {
      entry: 'test-host/card-test-host.ts',
      formats: ['iife'],
      name: 'cardTestHost',
      fileName: () => 'card-test-host.js',
    },
  },
});
