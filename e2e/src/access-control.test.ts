import { UnauthorizedError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { useE2eWorld } from './fixtures/world.js';
import { AuthorizationDenied, TOOLS_LIST, connectAs, postMcp } from './flows/connect.js';
import { signInInBrowser, type SignInOptions } from './flows/sign-in.js';
import { refreshByHand } from './flows/token-endpoint.js';
import { runOps } from './flows/ops.js';

/** Private-beta enrollment, revocation and operator invalidation, through the real stack. */
describe('who gets in', () => {
  const world = useE2eWorld();

  /** Signs in and keeps what the refusal page told the user. */
  const refusedPage = (email: string): SignInOptions & { seen: () => string } => {
    let text = '';
    return {
      email,
      onPage: async (step, page) => {
        if (step === 'refused') text = await page.locator('body').innerText();
      },
      seen: () => text,
    };
  };

  it('refuses a user of an organization not in the private beta before any token', async () => {
    const { stack, browser, receiver } = world;
    const signIn = refusedPage('hopper@globex.test');
    const attempt = connectAs(stack.mcpUrl, browser, receiver, signIn);
    await expect(attempt).rejects.toBeInstanceOf(AuthorizationDenied);
    const denied = (await attempt.catch((e: unknown) => e)) as AuthorizationDenied;
    expect(denied.error).toBe('access_denied');
    expect(denied.description).toMatch(/private beta/i);
    expect(signIn.seen()).toContain('not enrolled in the Ask Analyst private beta');
  });

  it('refuses a revoked user at sign-in', async () => {
    const { stack, browser, receiver } = world;
    const signIn = refusedPage('linus@acme.test');
    const denied = (await connectAs(stack.mcpUrl, browser, receiver, signIn).catch(
      (e: unknown) => e,
    )) as AuthorizationDenied;
    expect(denied).toBeInstanceOf(AuthorizationDenied);
    expect(denied.error).toBe('access_denied');
    expect(signIn.seen()).toContain('access to Ask Analyst has been revoked');
  });

  it('a user who denies consent sends the client access_denied and no code', async () => {
    const { stack, browser, receiver } = world;
    // A newly registered client, so the consent page is shown (a remembered grant skips it).
    const oauth = new TestOAuthClient({ redirectUrl: receiver.url, clientName: 'Denied client' });
    const denied = (await connectAs(
      stack.mcpUrl,
      browser,
      receiver,
      { email: 'alan@acme.test', deny: true },
      oauth,
    ).catch((e: unknown) => e)) as AuthorizationDenied;
    expect(denied).toBeInstanceOf(AuthorizationDenied);
    expect(denied.error).toBe('access_denied');
    expect(oauth.tokens()).toBeUndefined();
  });

  it('a user revoked by the operator loses MCP access and cannot refresh', async () => {
    const { stack, browser, receiver } = world;
    const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, {
      email: 'grace@acme.test',
    });
    const tokens = oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');
    expect((await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(200);

    // Invalidation has second precision (SPEC 7: tokens with an iat earlier than the invalidation
    // second are refused), so revoke in a later second than the token was issued in.
    await new Promise((r) => setTimeout(r, 1100));
    await runOps(stack, ['revoke-user', 'grace@acme.test']);
    const refused = await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST);
    expect(refused.status).toBe(401);
    expect(
      ((await refused.json()) as { error: { details: { error_code: string } } }).error.details
        .error_code,
    ).toBe('mcp_invalid_oauth_token');
    const refresh = await refreshByHand(stack.authUrl, 'analyst-code-editor', tokens.refresh_token);
    expect(refresh.body.error).toBe('invalid_grant');

    await runOps(stack, ['restore-user', 'grace@acme.test']);
    expect((await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(401);
    await client.close();
  });

  it('operator token invalidation refuses outstanding tokens and the client signs in again', async () => {
    const { stack, browser, receiver } = world;
    const { client, transport, oauth } = await connectAs(stack.mcpUrl, browser, receiver, {
      email: 'ada@acme.test',
    });
    const tokens = oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');
    await new Promise((r) => setTimeout(r, 1100)); // second precision, as above
    await runOps(stack, ['invalidate-tokens', 'ada@acme.test']);
    const refused = await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const body = (await refused.json()) as {
      type: string;
      error: { type: string; message: string; details: { error_code: string } };
      request_id: string;
    };
    expect(body).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error', details: { error_code: 'mcp_invalid_oauth_token' } },
    });
    expect(body.error.message).toMatch(/invalidated/i);
    expect(body.request_id).toMatch(/^req_/);
    expect(
      (await refreshByHand(stack.authUrl, 'analyst-code-editor', tokens.refresh_token)).body.error,
    ).toBe('invalid_grant');

    // The same client: its next call cannot refresh, so it asks the user to sign in again.
    const firstSignIn = oauth.authorizationUrl;
    await expect(client.callTool({ name: 'whoami', arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(oauth.authorizationUrl).toBeDefined();
    expect(oauth.authorizationUrl).not.toBe(firstSignIn);
    const callback = await signInInBrowser(browser, oauth.authorizationUrl as URL, receiver, {
      email: 'ada@acme.test',
    });
    await transport.finishAuth(callback);
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.structuredContent).toMatchObject({ user: { email: 'ada@acme.test' } });
    await client.close();
  });

  it('unenrolling an organization refuses its tokens with the 403 not-enrolled body', async () => {
    const { stack, browser, receiver } = world;
    const { client, oauth } = await connectAs(stack.mcpUrl, browser, receiver, {
      email: 'alan@acme.test',
    });
    await runOps(stack, ['unenroll-org', 'Acme Analytics']);
    try {
      const res = await postMcp(stack.mcpUrl, oauth.tokens()?.access_token as string, TOOLS_LIST);
      expect(res.status).toBe(403);
      const body = (await res.json()) as {
        error: { type: string; details: { error_code: string } };
      };
      expect(body.error.type).toBe('permission_error');
      expect(body.error.details.error_code).toBe('mcp_org_not_enrolled');
    } finally {
      await runOps(stack, ['enroll-org', 'Acme Analytics']);
      await client.close();
    }
  });
});
