import { packageTestConfig } from '../../tooling/vitest.js';

const base = packageTestConfig(import.meta.dirname);

export default {
  ...base,
  test: {
    ...base.test,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test-support/setup.ts'],
  },
};
