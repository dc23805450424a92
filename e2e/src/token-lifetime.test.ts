import { describe, expect, it } from 'vitest';
import { useE2eWorld } from './fixtures/world.js';
import { TOOLS_LIST, connectAs, postMcp } from './flows/connect.js';
import { jwtPayload } from './flows/token-endpoint.js';

/** Calls the client makes once its first token is refused, each answered. */
const CALLS_AFTER_REFUSAL = 3;
/** A bound for a client that never refreshes (its first token is refused from 35 s on). */
const GIVE_UP_MS = 90_000;

/**
 * Short-lived access tokens (configuration: ACCESS_TOKEN_TTL=5): a supporting client keeps
 * working past its first token's end by refreshing on its own, with no second sign-in. The MCP
 * server allows 30 s of clock leeway (SPEC 2), so a 5 s token is refused from 35 s on: the calls go
 * on until the server refuses the first token, and a few calls after that, all answered.
 */
describe('a 5-second access-token lifetime', () => {
  const world = useE2eWorld({ settings: { ACCESS_TOKEN_TTL: '5' } });

  it(
    'the client refreshes on its own and keeps calling past its first token',
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
      let callsAfterRefusal = 0;
      let stale: Response | undefined;
      while (callsAfterRefusal < CALLS_AFTER_REFUSAL || calls < 25) {
        if (Date.now() - started > GIVE_UP_MS) throw new Error('the first token was never refused');
        const who = await client.callTool({ name: 'whoami', arguments: {} });
        expect(who.isError, JSON.stringify(who.structuredContent)).toBeFalsy();
        calls += 1;
        if (stale) callsAfterRefusal += 1;
        else {
          const tried = await postMcp(stack.mcpUrl, first.access_token, TOOLS_LIST);
          if (tried.status === 401) stale = tried;
          else await tried.body?.cancel();
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      // Refreshed (tokens saved after the sign-in's first), each time with a rotated refresh token.
      expect(oauth.tokenHistory.length).toBeGreaterThan(1);
      const refreshTokens = oauth.tokenHistory.map((t) => t.refresh_token);
      expect(new Set(refreshTokens).size).toBe(refreshTokens.length);

      // The first token, refused as expired: the calls since were made with refreshed ones.
      if (!stale) throw new Error('the first token was never refused');
      expect(stale.status).toBe(401);
      const body = (await stale.json()) as { error: { details: { error_code: string } } };
      expect(body.error.details.error_code).toBe('mcp_expired_oauth_token');
      await client.close();
    },
  );
});
