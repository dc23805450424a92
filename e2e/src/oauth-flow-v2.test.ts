import { auth } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';
import { jwtPayload, refreshByHand } from './flows/token-endpoint.js';

/**
 * The whole flow with the v2 client SDK (protocol 2026-07-28): 401 → protected-resource metadata →
 * registration → authorize with PKCE in Chromium → token bound to the MCP endpoint → tool call →
 * refresh → the old refresh token is refused.
 */
describe('OAuth 2.1 + PKCE with the v2 MCP client', () => {
  const world = useE2eWorld();

  for (const registration of [
    'dynamic client registration',
    'the pre-registered client',
  ] as const) {
    it(`signs in through ${registration}, calls a tool, refreshes and rotates`, async () => {
      const { stack, receiver } = world;
      const oauth = new TestOAuthClient({
        redirectUrl: receiver.url,
        ...(registration === 'the pre-registered client'
          ? { clientId: 'analyst-code-editor' }
          : {}),
      });
      const { client, callback } = await connectAs(
        stack.mcpUrl,
        world.browser,
        receiver,
        { email: 'ada@acme.test' },
        oauth,
      );
      expect(oauth.authorizationUrl).toBeDefined();
      expect(callback.get('iss')).toBe(stack.authUrl);
      if (registration === 'the pre-registered client')
        expect(oauth.clientId).toBe('analyst-code-editor');
      else expect(oauth.clientId).not.toBe('analyst-code-editor');

      const first = oauth.tokens();
      if (!first?.refresh_token) throw new Error('no refresh token issued');
      const claims = jwtPayload(first.access_token);
      expect(claims.aud).toBe(`${stack.mcpUrl}/mcp`);
      expect(claims.iss).toBe(stack.authUrl);
      expect(String(claims.sub)).toMatch(/^usr_/);
      expect(String(claims.org)).toMatch(/^org_/);
      expect(claims.client_id).toBe(oauth.clientId);

      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('whoami');
      const who = await client.callTool({ name: 'whoami', arguments: {} });
      expect(who.isError).toBeFalsy();
      expect(who.structuredContent).toMatchObject({ user: { email: 'ada@acme.test' } });

      expect(await auth(oauth, { serverUrl: `${stack.mcpUrl}/mcp` })).toBe('AUTHORIZED');
      const second = oauth.tokens();
      expect(second?.access_token).not.toBe(first.access_token);
      expect(second?.refresh_token).toBeDefined();
      expect(second?.refresh_token).not.toBe(first.refresh_token);
      const again = await client.callTool({ name: 'whoami', arguments: {} });
      expect(again.isError).toBeFalsy();

      const reused = await refreshByHand(
        stack.authUrl,
        oauth.clientId as string,
        first.refresh_token,
      );
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe('invalid_grant');
      await client.close();
    });
  }
});
