import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactFolder } from './fixtures/artifacts.js';
import { startBearerProxy, type BearerProxy } from './fixtures/bearer-proxy.js';
import { freePort } from '@ask-analyst/workspace/testing';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';
import {
  baselineProblems,
  CONFORMANCE_VERSION,
  markdownTable,
  publishedRows,
  readBaseline,
  resultRows,
  runConformance,
  readRequirements,
  type ConformanceRun,
} from './flows/conformance.js';
import { signInForExternalClient } from './flows/sign-in.js';

const BASELINES = join(import.meta.dirname, '..', 'conformance');
const DOCS = join(import.meta.dirname, '..', '..', 'docs', 'conformance.md');
const REVISIONS = ['2025-11-25', '2026-07-28'];
const proxyPort = await freePort();

/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, on Node 22) against the real
 * stack, twice: with the suite's fixture tools, resources and prompts registered
 * (CONFORMANCE_FIXTURES), which measures the protocol handling, and as the product ships (no
 * fixtures), which measures what a client meets. Each runs the server scenarios every protocol
 * revision requires, through a loopback front that adds a token from a real sign-in (the suite
 * cannot sign in). A check may fail only if its expected-failures file
 * (`conformance/expected-failures[.product].<revision>.yaml`) lists it, one check per entry with
 * its reason; a listed check that passes (or is no longer run) fails the test, and so does a
 * whole-scenario entry. The tables in docs/conformance.md must match the run. Then the
 * authorization-server scenarios run against dev-auth, signing in with Chromium.
 */
describe.each([
  { target: 'fixtures', settings: { CONFORMANCE_FIXTURES: 'true' }, baseline: '' },
  { target: 'product', settings: {} as Record<string, string>, baseline: '.product' },
])(`MCP conformance suite ${CONFORMANCE_VERSION}: $target`, ({ target, settings, baseline }) => {
  const world = useE2eWorld({
    // The front the suite talks to is a browser-style origin of its own.
    settings: { ...settings, ALLOWED_ORIGINS: `http://127.0.0.1:${proxyPort}` },
  });
  let proxy: BearerProxy | undefined;
  let artifacts = '';

  beforeAll(async () => {
    artifacts = await artifactFolder(`conformance-${target}`);
    const { oauth, client } = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'ada@acme.test',
    });
    await client.close();
    const token = oauth.tokens()?.access_token ?? '';
    proxy = await startBearerProxy(proxyPort, world.stack.mcpUrl, () => token);
  });
  afterAll(async () => proxy?.close());

  for (const revision of REVISIONS) {
    it(`fails only the listed checks of the server scenarios ${revision} requires`, async () => {
      const file = join(BASELINES, `expected-failures${baseline}.${revision}.yaml`);
      const run = await runConformance(
        [
          'server',
          '--url',
          `${proxy?.url}/mcp`,
          '--requirements',
          revision,
          '--expected-failures',
          file,
        ],
        join(artifacts, `server-${revision}`),
      );
      const expected = await readBaseline(file);
      const rows = resultRows(run, await readRequirements(revision), expected);
      const label = `${target} ${revision}`;
      await writeFile(join(artifacts, `table-${revision}.md`), `${markdownTable(rows)}\n`);

      expect(run.code, summary(run)).toBe(0);
      expect(baselineProblems(run, expected), file).toEqual([]);
      for (const scenario of ['tools-list', 'dns-rebinding-protection'])
        expect(scenarioResult(run, scenario), scenario).toBe('passed');
      if (target === 'fixtures')
        expect(scenarioResult(run, 'tools-call-with-progress')).toBe('passed');
      expect(
        publishedRows(await readFile(DOCS, 'utf8'), label),
        `docs/conformance.md, table "${label}", as this run gives it:\n${markdownTable(rows)}`,
      ).toEqual(rows);
    });
  }

  if (target === 'fixtures') {
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
            signIn = signInForExternalClient(browser, new URL(link[0]), {
              email: 'ada@acme.test',
            });
        },
      );
      await signIn;
      expect(run.code, summary(run)).toBe(0);
      expect(scenarioResult(run, 'authorization-server-metadata-endpoint')).toBe('passed');
      expect(scenarioResult(run, 'authorization-code-grant')).toBe('passed');
    });
  }
});

function scenarioResult(run: ConformanceRun, name: string): 'passed' | 'failed' | 'missing' {
  const found = Object.values(run.scenarios).find((scenario) => scenario.name === name);
  if (!found) return 'missing';
  return found.failures.length === 0 && found.warnings.length === 0 ? 'passed' : 'failed';
}

function summary(run: ConformanceRun): string {
  return run.output.slice(run.output.lastIndexOf('=== SUMMARY ==='));
}
