import { basename, dirname, join } from 'node:path';

/**
 * Every package reports to the console and, for the root test command's summary line,
 * to a JSON file in TEST_REPORT_DIR (when set), suffixed with TEST_REPORT_SUFFIX (when set).
 */
export function reporters(packageDir) {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return ['default'];
  const suffix = process.env.TEST_REPORT_SUFFIX ? `-${process.env.TEST_REPORT_SUFFIX}` : '';
  const name = `${basename(dirname(packageDir))}-${basename(packageDir)}${suffix}.json`;
  return ['default', ['json', { outputFile: join(dir, name) }]];
}

/**
 * The Vitest config of a package: the `*.test.ts` files under `src`, timeouts that leave room for
 * databases, DuckDB and servers, and the reporters above. `overrides` replace or add `test` options.
 */
export function packageTestConfig(packageDir, overrides = {}) {
  return {
    test: {
      include: ['src/**/*.test.ts'],
      // Two test files at a time even on two cores (Vitest's default there is one): most files
      // wait on databases, servers and clocks more than they compute.
      maxWorkers: 2,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      reporters: reporters(packageDir),
      ...overrides,
    },
  };
}
