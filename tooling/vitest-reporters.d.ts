/** Console reporter, plus a JSON report in TEST_REPORT_DIR for the root summary line. */
export declare function reporters(packageDir: string): Array<string | [string, Record<string, unknown>]>;
