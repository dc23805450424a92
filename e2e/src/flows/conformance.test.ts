import { describe, expect, it } from 'vitest';
import {
  baselineProblems,
  markdownTable,
  publishedRows,
  resultRows,
  type CheckStatus,
  type ConformanceRun,
} from './conformance.js';

function runOf(scenarios: Record<string, Array<[string, CheckStatus]>>): ConformanceRun {
  return {
    code: 0,
    output: '',
    scenarios: Object.fromEntries(
      Object.entries(scenarios).map(([name, results]) => [
        `server-${name}-2026-11-26T10-00-00-000Z`,
        {
          name,
          checks: results.length,
          failures: [],
          warnings: [],
          results: results.map(([id, status]) => ({ id, status })),
        },
      ]),
    ),
  };
}

const run = runOf({
  'server-stateless': [
    ['sep-2575-a', 'SUCCESS'],
    ['sep-2575-a', 'SUCCESS'],
    ['sep-2575-b', 'FAILURE'],
    ['sep-2575-c', 'SKIPPED'],
  ],
  'tools-list': [['tools-list', 'SUCCESS']],
  'tasks-lifecycle': [['tasks-sync-tool-call', 'FAILURE']],
});

describe('expected-failures baselines', () => {
  it('accept a list of checks that each fail', () => {
    expect(baselineProblems(run, ['server-stateless:sep-2575-b'])).toEqual([]);
  });

  it('refuse a whole-scenario entry, a listed check that passes, and one that is not run', () => {
    expect(
      baselineProblems(run, [
        'server-stateless',
        'server-stateless:sep-2575-a',
        'server-stateless:sep-2575-gone',
        'tools-list:tools-list',
      ]),
    ).toEqual([
      'server-stateless: a whole scenario; list its failing checks one by one',
      'server-stateless:sep-2575-a: listed as failing, but SUCCESS, SUCCESS',
      'server-stateless:sep-2575-gone: listed as failing, but not run',
      'tools-list:tools-list: listed as failing, but SUCCESS',
    ]);
  });
});

describe('published result tables', () => {
  const requirements = {
    scored: ['server-stateless', 'tools-list'],
    notScored: new Map([['tasks-lifecycle', 'extension']]),
  };
  const rows = resultRows(run, requirements, ['server-stateless:sep-2575-b']);

  it('count every check run (repeated ids included) and name the failing ones', () => {
    expect(rows).toEqual([
      ['server-stateless', '2 / 1 / 0', 'expected: `sep-2575-b`'],
      ['tools-list', '1 / 0 / 0', 'pass'],
      ['tasks-lifecycle', '0 / 1 / 0', 'not scored (extension)'],
    ]);
    expect(resultRows(run, requirements, [])[0]?.[2]).toBe('expected: `sep-2575-b` (unexpected)');
  });

  it('read back from markdown as written, whatever the column padding', () => {
    const markdown = [
      '# Results',
      '<!-- conformance: fixtures 2026-07-28 -->',
      '',
      markdownTable(rows).replace('| tools-list |', '|   tools-list    |'),
      '',
      'after',
    ].join('\n');
    expect(publishedRows(markdown, 'fixtures 2026-07-28')).toEqual(rows);
    expect(publishedRows(markdown, 'product 2026-07-28')).toBeUndefined();
    expect(
      publishedRows(markdown.replace('| 1 / 0 / 0 |', '| 2 / 0 / 0 |'), 'fixtures 2026-07-28'),
    ).not.toEqual(rows);
  });
});
