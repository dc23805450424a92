import { packageTestConfig } from '../../tooling/vitest.js';

const base = packageTestConfig(import.meta.dirname);

/**
 * The browser tests: the card in headless Chromium (CHROMIUM_PATH or /usr/bin/chromium), served
 * by Vite from its sources. One file at a time: each drives its own browser.
 */
export default {
  ...base,
  test: {
    ...base.test,
    include: ['browser/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
  },
};
