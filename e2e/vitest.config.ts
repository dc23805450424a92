import { packageTestConfig } from '../tooling/vitest.js';
import { trustLoopbackCertificate } from './loopback-tls.js';

// Before the test processes start, so they trust it (see loopback-tls.ts).
const tls = trustLoopbackCertificate(process.env);
if (tls.problem) process.env.E2E_LOOPBACK_TLS_PROBLEM = tls.problem;

export default packageTestConfig(import.meta.dirname, {
  testTimeout: 120_000,
  hookTimeout: 300_000,
  fileParallelism: false,
  globalSetup: ['src/global-setup.ts'],
});
