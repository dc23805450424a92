import { describe, expect, it } from 'vitest';
import { useE2eWorld } from './fixtures/world.js';
import { AuthorizationDenied, TOOLS_LIST, connectAs, postMcp } from './flows/connect.js';
import { refreshByHand } from './flows/token-endpoint.js';
import { runOps } from './flows/ops.js';

/** Private-beta enrollment, revocation and operator invalidation, through the real stack. */
describe('who gets in', () => {
  const world = useE2eWorld();

  it('refuses a user of an organization not in the private beta before any token', async () => {
    const { stack, browser, receiver } = world;
    const attempt = connectAs(stack.mcpUrl, browser, receiver, { email: 'hopper@globex.test' });
    await expect(attempt).rejects.toBeInstanceOf(AuthorizationDenied);
    const denied = (await attempt.catch((e: unknown) => e)) as AuthorizationDenied;
    expect(denied.error).toBe('access_denied');
    expect(denied.description).toMatch(/private beta/i);
  });

  it('refuses a revoked user at sign-in', async () => {
    const { stack, browser, receiver } = world;
    const denied = (await connectAs(stack.mcpUrl, browser, receiver, { email: 'linus@acme.test' }).catch(
      (e: unknown) => e,
    )) as AuthorizationDenied;
    expect(denied).toBeInstanceOf(AuthorizationDenied);
    expect(denied.error).toBe('access_denied');
  });

  it('a user revoked by the operator loses MCP access and cannot refresh', async () => {
    const { stack, browser, receiver } = world;
    const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, { email: 'grace@acme.test' });
    const tokens = oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');
    expect((await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(200);

    // Invalidation has second precision (SPEC 7: tokens with an iat earlier than the invalidation
    // second are refused), so revoke in a later second than the token was issued in.
    await new Promise((r) => setTimeout(r, 1100));
    await runOps(stack, ['revoke-user', 'grace@acme.test']);
    const refused = await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { details: { error_code: string } } }).error.details.error_code).toBe(
      'mcp_invalid_oauth_token',
    );
    const refresh = await refreshByHand(stack.authUrl, 'analyst-code-editor', tokens.refresh_token);
    expect(refresh.body.error).toBe('invalid_grant');

    await runOps(stack, ['restore-user', 'grace@acme.test']);
    expect((await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(401);
    await client.close();
  });

  it('operator token invalidation refuses outstanding access tokens and refresh tokens', async () => {
    const { stack, browser, receiver } = world;
    const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, { email: 'ada@acme.test' });
    const tokens = oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');
    await new Promise((r) => setTimeout(r, 1100)); // second precision, as above
    await runOps(stack, ['invalidate-tokens', 'ada@acme.test']);
    const refused = await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect((await refreshByHand(stack.authUrl, 'analyst-code-editor', tokens.refresh_token)).body.error).toBe(
      'invalid_grant',
    );

    const again = await connectAs(stack.mcpUrl, browser, receiver, { email: 'ada@acme.test' });
    const fresh = again.oauth.tokens();
    expect((await postMcp(stack.mcpUrl, fresh?.access_token as string, TOOLS_LIST)).status).toBe(200);
    await Promise.all([client.close(), again.client.close()]);
  });

  it('unenrolling an organization refuses its tokens with the 403 not-enrolled body', async () => {
    const { stack, browser, receiver } = world;
    const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, { email: 'alan@acme.test' });
    await runOps(stack, ['unenroll-org', 'Acme Analytics']);
    try {
      const res = await postMcp(stack.mcpUrl, oauth.tokens()?.access_token as string, TOOLS_LIST);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { type: string; details: { error_code: string } } };
      expect(body.error.type).toBe('permission_error');
      expect(body.error.details.error_code).toBe('mcp_org_not_enrolled');
    } finally {
      await runOps(stack, ['enroll-org', 'Acme Analytics']);
      await client.close();
    }
  });
});
