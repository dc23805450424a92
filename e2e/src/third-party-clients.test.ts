import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { hostMetadataDocument } from './fixtures/metadata-document.js';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { freePort } from '@ask-analyst/workspace/testing';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';
import { signInForExternalClient } from './flows/sign-in.js';
import { jwtPayload } from './flows/token-endpoint.js';
import {
  MCP_REMOTE_BIN,
  authorizationUrlFrom,
  clientEnvironment,
  removeClientHomes,
  runInspectorCli,
} from './flows/third-party.js';

/**
 * Clients we did not write, each through the real browser sign-in: `mcp-remote` as the stdio
 * bridge of a desktop client, and the MCP Inspector's CLI. They print their sign-in link (no
 * desktop browser here) and the test's Chromium opens it, as a user on a remote machine would.
 * Last, a client known only by its Client ID Metadata Document, served by the test on loopback.
 */
describe('third-party clients', () => {
  // The metadata document lives on 127.0.0.1, which only development lets dev-auth fetch.
  const world = useE2eWorld({ settings: { CIMD_ALLOW_PRIVATE_HOSTS: 'true' } });
  afterAll(removeClientHomes);

  for (const registration of [
    'the pre-registered client id',
    'dynamic client registration',
  ] as const) {
    it(`mcp-remote bridges a stdio client through ${registration}`, async () => {
      const { stack, browser } = world;
      const preRegistered = registration === 'the pre-registered client id';
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [
          MCP_REMOTE_BIN,
          `${stack.mcpUrl}/mcp`,
          String(await freePort()),
          ...(preRegistered
            ? ['--static-oauth-client-info', JSON.stringify({ client_id: 'analyst-code-editor' })]
            : []),
        ],
        env: await clientEnvironment(),
        stderr: 'pipe',
      });
      const stderr = transport.stderr;
      if (!stderr) throw new Error('mcp-remote stderr is not piped');
      const printed = authorizationUrlFrom(stderr, stack.authUrl);
      const client = new Client({ name: 'desktop-client', version: '1.0.0' });
      const connected = client.connect(transport);
      try {
        const authorizationUrl = await printed.url;
        const clientId = authorizationUrl.searchParams.get('client_id');
        if (preRegistered) expect(clientId).toBe('analyst-code-editor');
        else expect(clientId).not.toBe('analyst-code-editor');
        expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
        const { callback } = await signInForExternalClient(browser, authorizationUrl, {
          email: 'alan@acme.test',
        });
        expect(callback.searchParams.get('code')).toBeTruthy();
        await connected;

        expect(client.getServerVersion()?.name).toBe('ask-analyst');
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toEqual(
          expect.arrayContaining(['whoami', 'list_workbooks', 'read_worksheet']),
        );
        const who = await client.callTool({ name: 'whoami', arguments: {} });
        expect(who.isError).toBeFalsy();
        expect(who.structuredContent).toMatchObject({ user: { email: 'alan@acme.test' } });
        const list = await client.callTool({
          name: 'list_workbooks',
          arguments: { query: 'Penguins' },
        });
        expect(list.isError).toBeFalsy();
        expect(list.structuredContent).toMatchObject({ workbooks: [{ name: 'Penguins' }] });
      } catch (error) {
        throw new Error(`${String(error)}\nmcp-remote printed:\n${printed.output()}`);
      } finally {
        await client.close();
      }
    });
  }

  it('the Inspector CLI signs in, lists tools and reads a worksheet', async () => {
    const { stack, browser } = world;
    // Without a TTY the CLI signs in only when told to open the link; without an OS keychain it keeps
    // tokens in memory unless told to use its file store, and would ask to sign in on every run.
    const env = await clientEnvironment({
      MCP_AUTO_OPEN_ENABLED: 'true',
      MCP_INSPECTOR_SECRET_STORE: 'file',
    });
    const common = [
      `${stack.mcpUrl}/mcp`,
      '--transport',
      'http',
      '--client-id',
      'analyst-code-editor',
      '--callback-url',
      `http://127.0.0.1:${await freePort()}/oauth/callback`,
      '--format',
      'json',
    ];
    let signIns = 0;
    const signIn = (url: URL) => {
      signIns += 1;
      return signInForExternalClient(browser, url, { email: 'ada@acme.test' });
    };
    const inspector = (args: string[]) =>
      runInspectorCli([...common, ...args], env, stack.authUrl, signIn);

    const listed = await inspector(['--method', 'tools/list']);
    expect(listed.code, listed.stderr).toBe(0);
    const tools = (JSON.parse(listed.stdout) as { result: { tools: Array<{ name: string }> } })
      .result.tools;
    expect(tools.map((t) => t.name)).toContain('read_worksheet');
    expect(signIns).toBe(1);

    const found = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'list_workbooks',
      '--tool-args-json',
      JSON.stringify({ query: 'Seattle Weather' }),
    ]);
    expect(found.code, found.stderr).toBe(0);
    const workbookId = (
      JSON.parse(found.stdout) as {
        result: { structuredContent: { workbooks: Array<{ id: string }> } };
      }
    ).result.structuredContent.workbooks[0]?.id;
    const workbook = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'get_workbook',
      '--tool-args-json',
      JSON.stringify({ workbookId }),
    ]);
    const worksheetId = (
      JSON.parse(workbook.stdout) as {
        result: { structuredContent: { worksheets: Array<{ id: string }> } };
      }
    ).result.structuredContent.worksheets[0]?.id;

    const read = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'read_worksheet',
      '--tool-args-json',
      JSON.stringify({ worksheetId, limit: 3 }),
    ]);
    expect(read.code, read.stderr).toBe(0);
    const result = (
      JSON.parse(read.stdout) as {
        result: {
          isError?: boolean;
          structuredContent: { rows: unknown[][]; columns: Array<{ name: string }> };
        };
      }
    ).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.rows).toHaveLength(3);
    expect(result.structuredContent.columns.map((c) => c.name)).toContain('weather');

    // The Inspector validates a result against the tool's outputSchema, errors included: the
    // schema admits the tool error, so it shows our message rather than a schema error.
    const unknown = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'get_worksheet',
      '--tool-args-json',
      JSON.stringify({ worksheetId: 'ws_unknown' }),
    ]);
    const shown = `${unknown.stdout}\n${unknown.stderr}`;
    expect(shown).toContain('No worksheet with id ws_unknown that you can read.');
    expect(shown).not.toMatch(/must have required property|does not match|outputSchema/i);
    // The token stored by the first run served every later one: one sign-in in all.
    expect(signIns).toBe(1);
  });

  it('a client known by its Client ID Metadata Document signs in as that URL', async () => {
    const { stack, browser, receiver } = world;
    const host = await hostMetadataDocument('ask-analyst-e2e-client.json', (clientId) => ({
      client_id: clientId,
      client_name: 'Metadata Document Client',
      redirect_uris: [receiver.url],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }));
    try {
      const oauth = new TestOAuthClient({
        redirectUrl: receiver.url,
        clientMetadataUrl: host.clientId,
      });
      let consent = '';
      const { client } = await connectAs(
        stack.mcpUrl,
        browser,
        receiver,
        {
          email: 'grace@acme.test',
          onPage: async (step, page) => {
            if (step === 'consent') consent = await page.locator('body').innerText();
          },
        },
        oauth,
      );
      expect(oauth.clientId).toBe(host.clientId);
      expect(host.fetches).toBeGreaterThan(0);
      expect(consent).toContain('Metadata Document Client');
      expect(consent).toContain('Unverified');
      expect(consent).toContain(host.clientId);
      expect(jwtPayload(oauth.tokens()?.access_token ?? '').client_id).toBe(host.clientId);
      const who = await client.callTool({ name: 'whoami', arguments: {} });
      expect(who.structuredContent).toMatchObject({
        user: { email: 'grace@acme.test' },
        clientId: host.clientId,
      });
      await client.close();
    } finally {
      await host.close();
    }
  });
});
