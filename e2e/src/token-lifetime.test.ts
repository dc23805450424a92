import { describe, expect, it } from 'vitest';
import { useE2eWorld } from './fixtures/world.js';
import { TOOLS_LIST, connectAs, postMcp } from './flows/connect.js';
import { jwtPayload } from './flows/token-endpoint.js';

const MINUTE_OF_CALLS_MS = 60_000;

/**
 * Short-lived access tokens (configuration: ACCESS_TOKEN_TTL=5): a supporting client keeps
 * working through a minute of calls by refreshing on its own, with no second sign-in. The MCP
 * server allows 30 s of clock leeway (SPEC 2), so a 5 s token is refused from 35 s on.
 */
describe('a 5-second access-token lifetime', () => {
  const world = useE2eWorld({ settings: { ACCESS_TOKEN_TTL: '5' } });

  it(
    'the client refreshes on its own through a minute of calls',
    { timeout: 150_000 },
    async () => {
      const { stack, browser, receiver } = world;
      const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, {
        email: 'alan@acme.test',
      });
      const first = oauth.tokens();
      if (!first) throw new Error('no tokens');
      const claims = jwtPayload(first.access_token);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(5);

      const started = Date.now();
      let calls = 0;
      while (Date.now() - started < MINUTE_OF_CALLS_MS) {
        const who = await client.callTool({ name: 'whoami', arguments: {} });
        expect(who.isError, JSON.stringify(who.structuredContent)).toBeFalsy();
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      expect(calls).toBeGreaterThanOrEqual(25);
      // Refreshed (tokens saved after the sign-in's first), each time with a rotated refresh token.
      expect(oauth.tokenHistory.length).toBeGreaterThan(1);
      const refreshTokens = oauth.tokenHistory.map((t) => t.refresh_token);
      expect(new Set(refreshTokens).size).toBe(refreshTokens.length);

      const stale = await postMcp(stack.mcpUrl, first.access_token, TOOLS_LIST);
      expect(stale.status).toBe(401);
      const body = (await stale.json()) as { error: { details: { error_code: string } } };
      expect(body.error.details.error_code).toBe('mcp_expired_oauth_token');
      await client.close();
    },
  );
});
