import { packageTestConfig } from '../tooling/vitest.js';

export default packageTestConfig(import.meta.dirname, {
  testTimeout: 120_000,
  hookTimeout: 300_000,
  fileParallelism: false,
});
