import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { node22Path } from '@ask-analyst/node22';

const require = createRequire(import.meta.url);
const PACKAGE = dirname(require.resolve('@modelcontextprotocol/conformance/package.json'));

/** The conformance suite's version, as docs/conformance.md names it. */
export const CONFORMANCE_VERSION = (
  require('@modelcontextprotocol/conformance/package.json') as { version: string }
).version;

/** A check's status as the suite writes it (`INFO` and `SKIPPED` are not scored). */
export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

export interface ScenarioResult {
  /** The scenario's name (`tools-list`), without the leg prefix and time stamp of its folder. */
  name: string;
  failures: string[];
  warnings: string[];
  checks: number;
  /** Each check run, in order (a check id may appear more than once, once per probe). */
  results: Array<{ id: string; status: CheckStatus }>;
}

export interface ConformanceRun {
  code: number | null;
  output: string;
  /** Each scenario run and its checks' statuses, read from the results folder (by folder). */
  scenarios: Record<string, ScenarioResult>;
}

/**
 * Runs `conformance <args>` on Node 22, saving results under `outputDir`; `onOutput` sees what
 * it prints as it prints it (the authorization scenario prints a sign-in link and waits).
 */
export async function runConformance(
  args: string[],
  outputDir: string,
  onOutput: (text: string) => void = () => {},
): Promise<ConformanceRun> {
  await mkdir(outputDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(
      node22Path(),
      [join(PACKAGE, 'dist', 'index.js'), ...args, '--output-dir', outputDir],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1' } },
    );
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput(output);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => {
      readScenarios(outputDir).then((scenarios) => resolve({ code, output, scenarios }), reject);
    });
  });
}

async function readScenarios(outputDir: string): Promise<ConformanceRun['scenarios']> {
  const scenarios: ConformanceRun['scenarios'] = {};
  for (const entry of await readdir(outputDir, { recursive: true })) {
    if (!entry.endsWith('checks.json')) continue;
    const checks = JSON.parse(await readFile(join(outputDir, entry), 'utf8')) as Array<{
      id: string;
      status: CheckStatus;
      errorMessage?: string;
    }>;
    const folder = dirname(entry).split('/').pop() ?? entry;
    scenarios[folder] = {
      name: folder
        .replace(/^(authorization-server|server|client)-/, '')
        .replace(/-\d{4}-\d\d-\d\dT.*$/, ''),
      checks: checks.length,
      results: checks.map(({ id, status }) => ({ id, status })),
      failures: checks
        .filter((c) => c.status === 'FAILURE')
        .map((c) => `${c.id}: ${c.errorMessage ?? ''}`),
      warnings: checks
        .filter((c) => c.status === 'WARNING')
        .map((c) => `${c.id}: ${c.errorMessage ?? ''}`),
    };
  }
  return scenarios;
}

/**
 * The entries of an expected-failures file (`e2e/conformance/*.yaml`): its `server:` list, each
 * `<scenario>:<check-id>` (or a bare scenario, which `baselineProblems` refuses).
 */
export async function readBaseline(file: string): Promise<string[]> {
  return yamlList(await readFile(file, 'utf8'), 'server');
}

/** A revision's frozen requirement set, as the suite bundles it (its server leg). */
export interface Requirements {
  /** The server scenarios it scores, in its order. */
  scored: string[];
  /** Why a server scenario it runs is not scored (`extension`, `pending`, …), by scenario. */
  notScored: Map<string, string>;
}

/** The requirement set the suite scores `revision` by (`requirements/<revision>.yaml`). */
export async function readRequirements(revision: string): Promise<Requirements> {
  const text = await readFile(join(PACKAGE, 'requirements', `${revision}.yaml`), 'utf8');
  const notScored = new Map<string, string>();
  let scenario: string | undefined;
  for (const line of text.slice(text.search(/^not_scored:/m)).split('\n')) {
    const named = /^\s+- scenario:\s*(\S+)/.exec(line);
    if (named) scenario = named[1];
    const reason = /^\s+reason:\s*(\S+)/.exec(line)?.[1];
    if (scenario && reason) notScored.set(scenario, reason);
  }
  return { scored: yamlList(text, 'server'), notScored };
}

/** The plain `- item` list under a top-level `key:` of a YAML file (comments skipped). */
function yamlList(text: string, key: string): string[] {
  const items: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inside = line.startsWith(`${key}:`);
    const item = /^\s+-\s+([^\s#]+)/.exec(line);
    if (inside && item?.[1]) items.push(item[1]);
  }
  return items;
}

/**
 * What is wrong with a baseline against a run: an entry that names a whole scenario (it would
 * hide every check of it), and an entry whose check did not fail or warn in the run (a check
 * that passes, or is not run any more, must leave the list).
 */
export function baselineProblems(run: ConformanceRun, entries: string[]): string[] {
  const problems: string[] = [];
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    if (colon === -1) {
      problems.push(`${entry}: a whole scenario; list its failing checks one by one`);
      continue;
    }
    const [scenario, check] = [entry.slice(0, colon), entry.slice(colon + 1)];
    const statuses = (Object.values(run.scenarios).find((s) => s.name === scenario)?.results ?? [])
      .filter((result) => result.id === check)
      .map((result) => result.status);
    if (!statuses.some(failing)) {
      problems.push(`${entry}: listed as failing, but ${statuses.join(', ') || 'not run'}`);
    }
  }
  return problems;
}

const failing = (status: CheckStatus) => status === 'FAILURE' || status === 'WARNING';

/**
 * The result table of a server run as docs/conformance.md publishes it: one row per scenario
 * (scored ones in the requirement set's order, then the rest), its checks passed / failed /
 * warnings, and what that means (the failing checks named, and whether the baseline expects them).
 */
export function resultRows(
  run: ConformanceRun,
  { scored, notScored }: Requirements,
  baseline: string[],
): string[][] {
  const expected = new Set(baseline);
  const byName = new Map(Object.values(run.scenarios).map((s) => [s.name, s]));
  const order = [...scored, ...[...byName.keys()].filter((n) => !scored.includes(n)).sort()];
  const rows: string[][] = [];
  for (const name of order) {
    const scenario = byName.get(name);
    if (!scenario) continue;
    const count = (status: CheckStatus) =>
      scenario.results.filter((result) => result.status === status).length;
    const bad = [
      ...new Set(scenario.results.filter((r) => failing(r.status)).map((result) => result.id)),
    ];
    const named = bad.map(
      (check) => `\`${check}\`${expected.has(`${name}:${check}`) ? '' : ' (unexpected)'}`,
    );
    const verdict = !scored.includes(name)
      ? `not scored (${notScored.get(name) ?? 'not in the requirement set'})`
      : bad.length === 0
        ? 'pass'
        : `expected: ${named.join(', ')}`;
    rows.push([name, `${count('SUCCESS')} / ${count('FAILURE')} / ${count('WARNING')}`, verdict]);
  }
  return rows;
}

/** A markdown table of `resultRows`. */
export function markdownTable(rows: string[][]): string {
  return [
    '| scenario | passed / failed / warnings | result |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/**
 * The rows of the table that follows `<!-- conformance: <label> -->` in a markdown text (header
 * and rule left out, cells trimmed), so a table prettier re-aligned compares as written.
 */
export function publishedRows(markdown: string, label: string): string[][] | undefined {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`<!-- conformance: ${label} -->`);
  if (start === -1) return undefined;
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' && rows.length === 0) continue;
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}
