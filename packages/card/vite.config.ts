import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The card: one HTML entry built into content-hashed assets with a manifest, which the MCP server
 * reads when it starts to write `ui://ask-analyst/card.html` (script and style from CDN_URL with
 * integrity attributes). `base: './'` keeps asset URLs relative to the CDN origin they load from.
 */
export default defineConfig({
  plugins: [react()],
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // One script and one stylesheet: every file the card loads carries an integrity attribute.
    modulePreload: false,
    cssCodeSplit: false,
    assetsInlineLimit: 0,
  },
});
