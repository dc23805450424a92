// Sums the vitest JSON reports of one `npm test` run and names the tests that failed, so the last
// lines of a CI log say which test to look at, not only how many.
// No dependency and no syntax newer than Node 18, like the rest of the bootstrap.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} AssertionResult
 * @property {string} [fullName]
 * @property {string} [title]
 * @property {string} [status]
 * @property {string[]} [failureMessages]
 */
/**
 * @typedef {object} FileResult
 * @property {string} [name]
 * @property {string} [status]
 * @property {string} [message]
 * @property {AssertionResult[]} [assertionResults]
 */
/**
 * @typedef {object} VitestReport
 * @property {number} [numPassedTests]
 * @property {number} [numFailedTests]
 * @property {number} [numPendingTests]
 * @property {number} [numTodoTests]
 * @property {FileResult[]} [testResults]
 */
/**
 * @typedef {object} Failure
 * @property {string} report   the report's file name (package, and `-postgres` for the store pass)
 * @property {string} file     the test file, relative to the repository
 * @property {string} test     the test's full name, or the file's own error when no test ran
 * @property {string} message  the first line of the failure
 */

/**
 * @param {string} root  the repository, to shorten test file paths
 * @param {string} path
 */
function relativeTo(root, path) {
  return path.startsWith(root) ? path.slice(root.length).replace(/^\/+/, '') : path;
}

/** @param {string | undefined} text */
function firstLine(text) {
  const line = (text ?? '').split('\n').find((part) => part.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}

/**
 * @param {string} reportName @param {VitestReport} report @param {string} root
 * @returns {Failure[]}
 */
export function failuresOf(reportName, report, root) {
  /** @type {Failure[]} */
  const failures = [];
  for (const fileResult of report.testResults ?? []) {
    const file = relativeTo(root, fileResult.name ?? '');
    const failedTests = (fileResult.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests) {
      failures.push({
        report: reportName,
        file,
        test: test.fullName ?? test.title ?? '(unnamed test)',
        message: firstLine(test.failureMessages?.[0]),
      });
    }
    // A file that failed before any test ran (an import error, a failing beforeAll) has no
    // failed assertion of its own: name the file and its error.
    if (fileResult.status === 'failed' && failedTests.length === 0) {
      failures.push({
        report: reportName,
        file,
        test: '(the file itself)',
        message: firstLine(fileResult.message),
      });
    }
  }
  return failures;
}

/**
 * @param {string} reportDir @param {string} root
 * @returns {{ passed: number, failed: number, skipped: number, failures: Failure[] }}
 */
export function summarizeReports(reportDir, root) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  /** @type {Failure[]} */
  const failures = [];
  const files = existsSync(reportDir) ? readdirSync(reportDir).sort() : [];
  for (const name of files.filter((file) => file.endsWith('.json'))) {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(join(reportDir, name), 'utf8'));
    const report = /** @type {VitestReport} */ (parsed);
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failures.push(...failuresOf(name.replace(/\.json$/, ''), report, root));
  }
  return { passed, failed, skipped, failures };
}

/**
 * The lines printed last by `npm test`: the count, then each failure on two lines.
 * @param {{ passed: number, failed: number, skipped: number, failures: Failure[] }} summary
 * @returns {string[]}
 */
export function summaryLines({ passed, failed, skipped, failures }) {
  const lines = [`${passed} passed, ${failed} failed, ${skipped} skipped`];
  if (failures.length > 0) lines.push('', 'Failed:');
  for (const failure of failures) {
    lines.push(`- [${failure.report}] ${failure.file} > ${failure.test}`);
    if (failure.message) lines.push(`    ${failure.message}`);
  }
  return lines;
}
