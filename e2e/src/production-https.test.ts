import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cardDistDir } from '@ask-analyst/card/dist-dir';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser, BrowserContext, Cookie, Response as PageResponse } from 'playwright-core';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './fixtures/browser.js';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { startProductionStack, type ProductionStack } from './fixtures/production-stack.js';
import { startRedirectReceiver, type RedirectReceiver } from './fixtures/redirect-receiver.js';
import { browserHomeTrusting, makeTestCa, type TestCa } from './fixtures/test-ca.js';
import { signInInBrowser } from './flows/sign-in.js';
import { jwtPayload } from './flows/token-endpoint.js';

/** The stack's hostname: the CA's server certificate names it (and 127.0.0.1). */
const HOST = 'localhost';
const ONE_YEAR_SECONDS = 31_536_000;

/** What Chromium received from the stack during the sign-in. */
interface SeenResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  issuer: string | undefined;
  protocol: string | undefined;
}

/**
 * What every answer of the stack carries (SPEC section 1; docs/threat-model.md): HSTS for at least
 * a year, no MIME sniffing, no framing, a referrer policy, no framework banner. Returns what is
 * missing, so a failure names the URL and the header.
 */
function securityHeaderProblems(where: string, headers: Record<string, string>): string[] {
  const problems: string[] = [];
  const hsts = /max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '');
  if (!hsts || Number(hsts[1]) < ONE_YEAR_SECONDS)
    problems.push(`${where}: strict-transport-security ${headers['strict-transport-security']}`);
  if (headers['x-content-type-options'] !== 'nosniff')
    problems.push(`${where}: x-content-type-options ${headers['x-content-type-options']}`);
  if (!headers['content-security-policy']?.includes("frame-ancestors 'none'"))
    problems.push(`${where}: content-security-policy ${headers['content-security-policy']}`);
  if (!/^(DENY|SAMEORIGIN)$/.test(headers['x-frame-options'] ?? ''))
    problems.push(`${where}: x-frame-options ${headers['x-frame-options']}`);
  if (!headers['referrer-policy']) problems.push(`${where}: no referrer-policy`);
  if (headers['x-powered-by']) problems.push(`${where}: x-powered-by ${headers['x-powered-by']}`);
  return problems;
}

function headerRecord(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.entries());
}

/**
 * Production mode end to end over real TLS: a CA made for the run signs the stack's certificate;
 * Node trusts it through an undici Agent's `ca` (and the stack's own process through
 * NODE_EXTRA_CA_CERTS), Chromium through an NSS database of its own. Nothing skips verification.
 */
describe('production mode over HTTPS with a generated CA', () => {
  let ca: TestCa;
  let stack: ProductionStack;
  let browser: Browser;
  let receiver: RedirectReceiver;
  let agent: Agent;
  /** fetch that trusts the test CA, as a Node client configured with the operator's CA would. */
  let caFetch: typeof fetch;
  let accessToken: string | undefined;
  let stopped: number | null | undefined;

  beforeAll(async () => {
    ca = await makeTestCa([HOST, '127.0.0.1']);
    const home = await browserHomeTrusting(ca);
    agent = new Agent({ connect: { ca: ca.caPem } });
    caFetch = ((url: string | URL, init?: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
    [stack, browser, receiver] = await Promise.all([
      startProductionStack(ca, HOST),
      launchChromium({ home }),
      startRedirectReceiver(),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([receiver?.close(), browser?.close(), agent?.close()]);
    if (stopped === undefined) await stack?.stop();
    await ca?.remove();
  });

  it('speaks only TLS on every port, with a certificate only the test CA vouches for', async () => {
    for (const origin of [stack.mcpUrl, stack.authUrl, stack.cdnUrl]) {
      // Plain http to the same port gets no HTTP answer at all: the connection is dropped.
      await expect(fetch(`${origin.replace('https:', 'http:')}/healthz`)).rejects.toMatchObject({
        cause: { code: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET|ECONNREFUSED)$/) },
      });
      // Not trusted without the CA: verification is on.
      await expect(fetch(`${origin}/healthz`)).rejects.toMatchObject({
        cause: { code: expect.stringMatching(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|CERT/) },
      });
    }
    const health = await caFetch(`${stack.mcpUrl}/readyz`);
    expect(health.status).toBe(200);
    const metadata = await caFetch(`${stack.mcpUrl}/.well-known/oauth-protected-resource`);
    expect(await metadata.json()).toMatchObject({
      resource: `${stack.mcpUrl}/mcp`,
      authorization_servers: [stack.authUrl],
    });
  });

  it('signs in with OAuth 2.1 + PKCE in Chromium over https and calls a tool with the token', async () => {
    const oauth = new TestOAuthClient({
      redirectUrl: receiver.url,
      clientId: 'analyst-code-editor',
    });
    const serverUrl = new URL(`${stack.mcpUrl}/mcp`);
    const first = new StreamableHTTPClientTransport(serverUrl, {
      authProvider: oauth,
      fetch: caFetch,
    });
    await expect(new Client({ name: 'e2e', version: '1.0.0' }).connect(first)).rejects.toThrow(
      UnauthorizedError,
    );
    const authorizationUrl = oauth.authorizationUrl as URL;
    expect(authorizationUrl.origin).toBe(stack.authUrl);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const seen: Array<Promise<SeenResponse>> = [];
    let cookies: Cookie[] = [];
    const watch = (context: BrowserContext) =>
      context.on('response', (response: PageResponse) => {
        const origin = new URL(response.url()).origin;
        if (![stack.mcpUrl, stack.authUrl, stack.cdnUrl].includes(origin)) return;
        seen.push(
          Promise.all([response.allHeaders(), response.securityDetails()]).then(
            ([headers, details]) => ({
              url: response.url(),
              status: response.status(),
              headers,
              issuer: details?.issuer,
              protocol: details?.protocol,
            }),
          ),
        );
      });
    const callback = await signInInBrowser(browser, authorizationUrl, receiver, {
      email: 'ada@acme.test',
      onContext: watch,
      onPage: async (step, page) => {
        if (step === 'consent') cookies = await page.context().cookies();
      },
    });
    expect(callback.get('error')).toBeNull();
    expect(callback.get('iss')).toBe(stack.authUrl);

    // Chromium verified every answer against the test CA (no certificate error was ignored).
    const responses = await Promise.all(seen);
    const paths = responses.map((r) => `${r.status} ${new URL(r.url).pathname}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        '303 /oauth/authorize',
        expect.stringMatching(/^200 \/interaction\/[\w-]+$/),
      ]),
    );
    const verified = responses.filter((r) => r.issuer !== undefined);
    expect(verified.length).toBeGreaterThan(0);
    for (const response of verified) {
      expect(response.issuer, response.url).toBe(ca.caName);
      expect(response.protocol, response.url).toMatch(/^TLS 1\.[23]$/);
    }
    // Every page and redirect of the sign-in carries the security headers.
    expect(responses.flatMap((r) => securityHeaderProblems(r.url, r.headers))).toEqual([]);
    // Every cookie the authorization server set is Secure (and HttpOnly, SameSite=Lax).
    const setCookies = responses.flatMap((r) => r.headers['set-cookie']?.split('\n') ?? []);
    expect(setCookies.length).toBeGreaterThan(0);
    for (const line of setCookies) expect(line.toLowerCase(), line).toMatch(/;\s*secure(;|$)/);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie, cookie.name).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    }

    await first.finishAuth(callback);
    const tokens = oauth.tokens();
    if (!tokens) throw new Error('no tokens after the code exchange');
    accessToken = tokens.access_token;
    const claims = jwtPayload(tokens.access_token);
    expect(claims.iss).toBe(stack.authUrl);
    expect(claims.aud).toBe(`${stack.mcpUrl}/mcp`);

    // The MCP server verifies the token with keys it fetched from the AS over https (its process
    // trusts the CA through NODE_EXTRA_CA_CERTS).
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(serverUrl, { authProvider: oauth, fetch: caFetch }),
    );
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.isError).toBeFalsy();
    expect(who.structuredContent).toMatchObject({ user: { email: 'ada@acme.test' } });
    const workbooks = await client.callTool({ name: 'list_workbooks', arguments: {} });
    expect(workbooks.isError).toBeFalsy();
    await client.close();
  });

  it('puts HSTS and the other security headers on every answer: MCP, authorization server, CDN', async () => {
    if (!accessToken) throw new Error('needs the token of the sign-in test');
    const manifest = JSON.parse(
      await readFile(join(cardDistDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const asset = Object.values(manifest)[0]?.file;
    if (!asset) throw new Error('the card build has no assets');
    const mcpPost = (headers: Record<string, string>) => ({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const requests: Array<[string, number, RequestInit?]> = [
      [`${stack.mcpUrl}/.well-known/oauth-protected-resource/mcp`, 200],
      [`${stack.mcpUrl}/mcp`, 401, mcpPost({})],
      [`${stack.mcpUrl}/mcp`, 200, mcpPost({ authorization: `Bearer ${accessToken}` })],
      [`${stack.mcpUrl}/mcp`, 405, { method: 'PUT' }],
      [`${stack.mcpUrl}/healthz`, 200],
      [`${stack.mcpUrl}/no-such-path`, 404],
      [`${stack.authUrl}/.well-known/oauth-authorization-server`, 200],
      [`${stack.authUrl}/jwks`, 200],
      [`${stack.authUrl}/`, 200],
      [`${stack.authUrl}/oauth/token`, 400, { method: 'POST' }],
      [`${stack.authUrl}/no-such-page`, 404],
      [`${stack.cdnUrl}/${asset}`, 200],
      [`${stack.cdnUrl}/assets/missing.js`, 404],
      [`${stack.cdnUrl}/%E0%A4%A`, 400],
    ];
    const problems: string[] = [];
    for (const [url, status, init] of requests) {
      const response = await caFetch(url, { redirect: 'manual', ...init });
      await response.arrayBuffer();
      const where = `${init?.method ?? 'GET'} ${url}`;
      if (response.status !== status) problems.push(`${where}: status ${response.status}`);
      problems.push(...securityHeaderProblems(where, headerRecord(response.headers)));
    }
    expect(problems).toEqual([]);
  });

  it('stops gracefully on SIGTERM: exit code 0 (SPEC section 1)', async () => {
    stopped = await stack.stop();
    expect(stopped, stack.output()).toBe(0);
  });
});
