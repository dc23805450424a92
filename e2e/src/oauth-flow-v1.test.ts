import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { describe, expect, it } from 'vitest';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { useE2eWorld } from './fixtures/world.js';
import { signInInBrowser } from './flows/sign-in.js';
import { jwtPayload, refreshByHand } from './flows/token-endpoint.js';

/** The same flow with the v1 client SDK (`@modelcontextprotocol/sdk` 1.x, protocol 2025-11-25). */
describe('OAuth 2.1 + PKCE with the v1 MCP client', () => {
  const world = useE2eWorld();

  for (const registration of [
    'dynamic client registration',
    'the pre-registered client',
  ] as const) {
    it(`signs in through ${registration}, calls a tool, refreshes and rotates`, async () => {
      const { stack, browser, receiver } = world;
      const serverUrl = new URL(`${stack.mcpUrl}/mcp`);
      const oauth = new TestOAuthClient({
        redirectUrl: receiver.url,
        ...(registration === 'the pre-registered client'
          ? { clientId: 'analyst-code-editor' }
          : {}),
      });
      const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: oauth });
      await expect(
        new Client({ name: 'e2e-v1', version: '1.0.0' }).connect(transport),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      const callback = await signInInBrowser(browser, oauth.authorizationUrl as URL, receiver, {
        email: 'alan@acme.test',
      });
      await transport.finishAuth(callback.get('code') as string);

      const client = new Client({ name: 'e2e-v1', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: oauth }));
      expect(client.getServerVersion()?.name).toBe('ask-analyst');
      const who = await client.callTool({ name: 'whoami', arguments: {} });
      expect(who.isError).toBeFalsy();
      expect(who.structuredContent).toMatchObject({ user: { email: 'alan@acme.test' } });

      const first = oauth.tokens();
      if (!first?.refresh_token) throw new Error('no refresh token issued');
      expect(jwtPayload(first.access_token).aud).toBe(`${stack.mcpUrl}/mcp`);
      expect(await auth(oauth, { serverUrl })).toBe('AUTHORIZED');
      const second = oauth.tokens();
      expect(second?.refresh_token).not.toBe(first.refresh_token);
      expect((await client.callTool({ name: 'whoami', arguments: {} })).isError).toBeFalsy();

      const reused = await refreshByHand(
        stack.authUrl,
        oauth.clientId as string,
        first.refresh_token,
      );
      expect(reused.body.error).toBe('invalid_grant');
      await client.close();
    });
  }
});
