import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarizeReports, summaryLines } from './reports.mjs';

const root = '/repo';
let dir = '';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function reports(files: Record<string, unknown>): string {
  dir = mkdtempSync(join(tmpdir(), 'reports-'));
  for (const [name, report] of Object.entries(files)) {
    writeFileSync(join(dir, name), JSON.stringify(report));
  }
  return dir;
}

describe('summarizeReports', () => {
  it('sums every report and names each failed test with its first message line', () => {
    const summary = summarizeReports(
      reports({
        'apps-web.json': { numPassedTests: 3, numFailedTests: 0, numPendingTests: 1 },
        'repo-e2e.json': {
          numPassedTests: 5,
          numFailedTests: 1,
          numTodoTests: 1,
          testResults: [
            {
              name: '/repo/e2e/src/tasks.test.ts',
              status: 'failed',
              assertionResults: [
                { fullName: 'tasks polls', status: 'passed' },
                {
                  fullName: 'tasks answers at once',
                  status: 'failed',
                  failureMessages: ['\nAssertionError: expected 2 to be 1\n    at file.ts:1'],
                },
              ],
            },
          ],
        },
      }),
      root,
    );
    expect(summaryLines(summary)).toEqual([
      '8 passed, 1 failed, 2 skipped',
      '',
      'Failed:',
      '- [repo-e2e] e2e/src/tasks.test.ts > tasks answers at once',
      '    AssertionError: expected 2 to be 1',
    ]);
  });

  it('names a file that failed before any of its tests ran', () => {
    const summary = summarizeReports(
      reports({
        'packages-card.json': {
          numPassedTests: 0,
          numFailedTests: 0,
          testResults: [
            {
              name: '/repo/packages/card/browser/states.test.ts',
              status: 'failed',
              message: 'Error: Hook timed out in 10000ms',
              assertionResults: [{ fullName: 'renders', status: 'skipped' }],
            },
          ],
        },
      }),
      root,
    );
    expect(summary.failures).toEqual([
      {
        report: 'packages-card',
        file: 'packages/card/browser/states.test.ts',
        test: '(the file itself)',
        message: 'Error: Hook timed out in 10000ms',
      },
    ]);
  });

  it('prints only the count when nothing failed, and reads no folder that is not there', () => {
    expect(summaryLines(summarizeReports(join(tmpdir(), 'no-such-reports'), root))).toEqual([
      '0 passed, 0 failed, 0 skipped',
    ]);
  });
});
