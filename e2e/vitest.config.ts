import { defineConfig } from 'vitest/config';
import { reporters } from '../tooling/vitest-reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    reporters: reporters(import.meta.dirname),
  },
});
