/** Console reporter, plus a JSON report in TEST_REPORT_DIR for the root summary line. */
export declare function reporters(
  packageDir: string,
): Array<string | [string, Record<string, unknown>]>;

/** The `test` options every package shares; see {@link packageTestConfig}. */
export interface PackageTestDefaults {
  include: string[];
  testTimeout: number;
  hookTimeout: number;
  reporters: Array<string | [string, Record<string, unknown>]>;
}

/** The Vitest config of a package, with `overrides` replacing or adding `test` options. */
export declare function packageTestConfig<Overrides extends object = object>(
  packageDir: string,
  overrides?: Overrides,
): { test: Omit<PackageTestDefaults, keyof Overrides> & Overrides };
