import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@ask-analyst/workspace/testing';
import { describe, expect, it } from 'vitest';

describe('the launcher process', () => {
  it('stops on SIGTERM within 10 s, with a keep-alive client connected, exit code 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dev-stack-stop-'));
    const [mcp, auth, cdn, app] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        MCP_URL: `http://127.0.0.1:${mcp}`,
        AUTH_URL: `http://127.0.0.1:${auth}`,
        CDN_URL: `http://127.0.0.1:${cdn}`,
        // The web app listens on APP_URL's port.
        APP_URL: `http://127.0.0.1:${app}`,
        MCP_PORT: String(mcp),
        AUTH_PORT: String(auth),
        CDN_PORT: String(cdn),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('dev stack is up')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited early (${code}): ${output}`)));
      });
      // A keep-alive connection stays open after this answer: the stop must not wait on it.
      const health = await fetch(`http://127.0.0.1:${mcp}/healthz`);
      expect(health.status).toBe(200);

      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const code = await exited;
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(fetch(`http://127.0.0.1:${mcp}/healthz`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
