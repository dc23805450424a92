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

export interface ConformanceRun {
  code: number | null;
  output: string;
  /** Each scenario run and its checks' statuses, read from the results folder. */
  scenarios: Record<string, { failures: string[]; warnings: string[]; checks: number }>;
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
      status: string;
      errorMessage?: string;
    }>;
    const name = dirname(entry).split('/').pop() ?? entry;
    scenarios[name] = {
      checks: checks.length,
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
