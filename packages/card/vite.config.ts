import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEV_NONCE, playgroundPlugin } from './playground/stack/playground-plugin.js';

/**
 * The card: one HTML entry built into content-hashed assets with a manifest, which the MCP server
 * reads when it starts to write `ui://ask-analyst/card.html` (script and style from CDN_URL with
 * integrity attributes). `base: './'` keeps asset URLs relative to the CDN origin they load from.
 *
 * Served (`pnpm dev`, scripts/dev.mjs), it is the designers' playground: the card's page under
 * the declared CSP, and with `--stack` the running stack's tools (playground/stack).
 */
export default defineConfig(({ command }) => ({
  plugins: [react(), playgroundPlugin({ stack: process.env.CARD_PLAYGROUND_STACK || undefined })],
  base: './',
  // Dev only: the nonce the playground's policy allows for Vite's inline scripts and styles.
  ...(command === 'serve' ? { html: { cspNonce: DEV_NONCE } } : {}),
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
}));
