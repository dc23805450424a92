import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { startBearerProxy, type BearerProxy } from './fixtures/bearer-proxy.js';
import { freePort } from '@ask-analyst/workspace/testing';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';
import { CONFORMANCE_VERSION, runConformance, type ConformanceRun } from './flows/conformance.js';
import { signInForExternalClient } from './flows/sign-in.js';

const BASELINES = join(import.meta.dirname, '..', 'conformance');
const proxyPort = await freePort();

/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, on Node 22) against the real
 * stack: the server scenarios each protocol revision requires, through a loopback front that adds
 * a token from a real sign-in (the suite cannot sign in), against a build with the suite's fixture
 * tools registered (CONFORMANCE_FIXTURES); then the authorization-server scenarios against
 * dev-auth, signing in with Chromium. The suite itself fails the run on any failure outside
 * `conformance/expected-failures.<revision>.yaml` (scenarios that do not apply, each with its
 * reason) and on a listed scenario that starts passing. Results: docs/conformance.md.
 */
describe(`MCP conformance suite ${CONFORMANCE_VERSION}`, () => {
  const world = useE2eWorld({
    settings: {
      CONFORMANCE_FIXTURES: 'true',
      // The front the suite talks to is a browser-style origin of its own.
      ALLOWED_ORIGINS: `http://127.0.0.1:${proxyPort}`,
    },
  });
  let proxy: BearerProxy | undefined;
  let artifacts = '';

  beforeAll(async () => {
    artifacts = await artifactFolder('conformance');
    const { oauth, client } = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'ada@acme.test',
    });
    await client.close();
    const token = oauth.tokens()?.access_token ?? '';
    proxy = await startBearerProxy(proxyPort, world.stack.mcpUrl, () => token);
  });
  afterAll(async () => proxy?.close());

  for (const revision of ['2025-11-25', '2026-07-28']) {
    it(`passes the server scenarios ${revision} requires, but those that do not apply`, async () => {
      const run = await runConformance(
        [
          'server',
          '--url',
          `${proxy?.url}/mcp`,
          '--requirements',
          revision,
          '--expected-failures',
          join(BASELINES, `expected-failures.${revision}.yaml`),
        ],
        join(artifacts, `server-${revision}`),
      );
      expect(run.code, summary(run)).toBe(0);
      for (const scenario of ['tools-list', 'tools-call-with-progress', 'dns-rebinding-protection'])
        expect(scenarioResult(run, scenario), scenario).toBe('passed');
    });
  }

  it('passes the authorization-server scenarios against dev-auth', async () => {
    const { stack, browser } = world;
    let signIn: Promise<unknown> | undefined;
    const run = await runConformance(
      [
        'authorization',
        '--url',
        stack.authUrl,
        '--client-id',
        'analyst-code-editor',
        '--resource',
        `${stack.mcpUrl}/mcp`,
        '--port',
        String(await freePort()),
      ],
      join(artifacts, 'authorization'),
      (printed) => {
        // authorization-code-grant prints a sign-in link and waits on its loopback callback.
        const link = new RegExp(`${stack.authUrl}/oauth/authorize\\?\\S+`).exec(printed);
        if (link && !signIn)
          signIn = signInForExternalClient(browser, new URL(link[0]), { email: 'ada@acme.test' });
      },
    );
    await signIn;
    expect(run.code, summary(run)).toBe(0);
    expect(scenarioResult(run, 'authorization-server-metadata-endpoint')).toBe('passed');
    expect(scenarioResult(run, 'authorization-code-grant')).toBe('passed');
  });
});

function scenarioResult(run: ConformanceRun, name: string): 'passed' | 'failed' | 'missing' {
  const found = Object.entries(run.scenarios).find(([folder]) => folder.includes(`-${name}-`));
  if (!found) return 'missing';
  return found[1].failures.length === 0 && found[1].warnings.length === 0 ? 'passed' : 'failed';
}

function summary(run: ConformanceRun): string {
  return run.output.slice(run.output.lastIndexOf('=== SUMMARY ==='));
}
