import { defineConfig } from 'vitest/config';
import { reporters } from '../../tooling/vitest-reporters.js';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], passWithNoTests: true, reporters: reporters(import.meta.dirname) },
});
