import { defineConfig } from 'vitest/config';
import { reporters } from '../../tooling/vitest-reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: reporters(import.meta.dirname),
  },
});
