import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestStack } from '../fixtures/stack.js';

const CLI = fileURLToPath(new URL('../../../packages/ops/dist/cli.js', import.meta.url));

/** Runs the real ops CLI against the running stack (through its loopback admin interface). */
export function runOps(stack: TestStack, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: stack.dataDir,
      USER: 'e2e-operator',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ops ${args.join(' ')} exited ${code}: ${out}`));
      // Let the MCP server's principal cache (1 s in the test stack) expire.
      setTimeout(() => resolve(out), 1_100);
    });
  });
}
