import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { node22Path } from '@ask-analyst/node22';

const require = createRequire(import.meta.url);

/** The `mcp-remote` stdio bridge's entry point, as a desktop client's config would run it. */
export const MCP_REMOTE_BIN = join(
  dirname(require.resolve('mcp-remote/package.json')),
  'dist',
  'proxy.js',
);

/** The MCP Inspector's launcher (`npx @modelcontextprotocol/inspector`); it needs Node 22. */
export const INSPECTOR_BIN = join(
  dirname(require.resolve('@modelcontextprotocol/inspector/package.json')),
  'clients',
  'launcher',
  'build',
  'index.js',
);

const homes: string[] = [];

/** Removes the homes `clientEnvironment` made (token stores of the clients that ran). */
export async function removeClientHomes(): Promise<void> {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
}

/**
 * Environment for a third-party client process: its own empty home (token stores, catalogs), and
 * a `BROWSER` that opens nothing, so the client prints its sign-in link and the test's Chromium
 * follows it, as a user on a remote machine would.
 */
export async function clientEnvironment(
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const home = await mkdtemp(join(tmpdir(), 'ask-analyst-client-'));
  homes.push(home);
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    BROWSER: 'true',
    NO_COLOR: '1',
    ...extra,
  };
}

/**
 * Resolves with the first authorization URL on `authUrl` a client prints on `stream` (the link a
 * user would open), keeping everything it printed for error messages.
 */
export function authorizationUrlFrom(
  stream: { on(event: 'data', listener: (chunk: Buffer) => void): unknown },
  authUrl: string,
): {
  url: Promise<URL>;
  output: () => string;
} {
  let text = '';
  const pattern = new RegExp(`${escapeRegExp(authUrl)}/oauth/authorize\\?\\S+`);
  const url = new Promise<URL>((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = pattern.exec(text);
      if (found) resolve(new URL(found[0]));
    });
  });
  return { url, output: () => text };
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the Inspector's CLI (`--cli`) on Node 22 and, if it prints a sign-in link, hands the link
 * to `onAuthorizationUrl` (the browser sign-in) while the CLI waits on its callback listener.
 */
export function runInspectorCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  authUrl: string,
  onAuthorizationUrl: (url: URL) => Promise<unknown>,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(node22Path(), [INSPECTOR_BIN, '--cli', ...args], { env });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const printed = authorizationUrlFrom(child.stderr, authUrl);
    let signIn: Promise<unknown> = Promise.resolve();
    void printed.url.then((url) => {
      signIn = onAuthorizationUrl(url);
      signIn.catch(reject);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      signIn.then(() => resolve({ code, stdout, stderr: printed.output() }), reject);
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
