import type { Database } from '@ask-analyst/workspace';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  invalidateTokens,
  openTestDatabase,
  setUserStatus,
} from './test-support/fixtures.js';
import {
  authorizationUrl,
  authorizeInBrowser,
  CLIENT_ID,
  pkce,
  signInAndGetTokens,
  startTestServer,
  TEST_RESOURCE,
  type TestServer,
  tokenRequest,
} from './test-support/harness.js';

describe('refresh tokens', () => {
  let db: Database;
  let server: TestServer;
  let orgId: string;

  const refresh = (refreshToken: string) =>
    tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    });

  const newUser = async (name: string) => createUser(db, orgId, `${name}@acme.test`);

  beforeAll(async () => {
    db = await openTestDatabase();
    orgId = await createOrg(db, 'Acme', true);
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('are issued to public clients without offline_access and rotate on every use', async () => {
    const user = await newUser('rotate');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const first = body.refresh_token as string;

    const renewed = await refresh(first);
    expect(renewed.status).toBe(200);
    const second = renewed.body.refresh_token as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const claims = decodeJwt(renewed.body.access_token as string);
    expect(claims.sub).toBe(user.id);
    expect(claims.scope).toBe('workbooks.read analyses.write');
    expect(renewed.body.scope).toBe('workbooks.read analyses.write');

    const third = await refresh(second);
    expect(third.status).toBe(200);
  });

  it('refuses a reused refresh token and revokes its whole chain', async () => {
    const user = await newUser('reuse');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const old = body.refresh_token as string;
    const current = (await refresh(old)).body.refresh_token as string;

    const reuse = await refresh(old);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The reuse revoked the grant: the token that replaced the reused one is dead too.
    const after = await refresh(current);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('refuse an unknown resource without spending the refresh token (invalid_target)', async () => {
    const user = await newUser('resource');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const token = body.refresh_token as string;
    for (const resource of ['https://other.example/mcp', `${TEST_RESOURCE}/`]) {
      const refused = await tokenRequest(server, {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: CLIENT_ID,
        resource,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_target');
      expect(refused.body.error_description).toContain(TEST_RESOURCE);
    }
    // The token was not consumed: the retry refreshes, it is not taken for reuse.
    const retry = await refresh(token);
    expect(retry.status).toBe(200);
    expect(decodeJwt(retry.body.access_token as string).aud).toBe(TEST_RESOURCE);
    // The MCP resource named exactly is accepted.
    const named = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: retry.body.refresh_token as string,
      client_id: CLIENT_ID,
      resource: TEST_RESOURCE,
    });
    expect(named.status).toBe(200);
    expect(decodeJwt(named.body.access_token as string).aud).toBe(TEST_RESOURCE);
  });

  it('let only one of two concurrent uses of the same refresh token succeed', async () => {
    const user = await newUser('race');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const token = body.refresh_token as string;
    const results = await Promise.all([refresh(token), refresh(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.error).toBe('invalid_grant');
  });

  it('fail with invalid_grant once the user is revoked, and stay dead when access is restored', async () => {
    const user = await newUser('revoke');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    await setUserStatus(db, user.id, 'revoked');
    const res = await refresh(body.refresh_token as string);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('fail with invalid_grant once the organization leaves the beta', async () => {
    const otherOrg = await createOrg(db, 'Initech', true);
    const user = await createUser(db, otherOrg, 'peter@initech.test');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    await db.query('update organizations set enrolled = false where id = $1', [otherOrg]);
    const res = await refresh(body.refresh_token as string);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('fail after an operator invalidation later than the sign-in, even after rotations', async () => {
    const user = await newUser('invalidate');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const rotated = (await refresh(body.refresh_token as string)).body.refresh_token as string;
    const issuedAt = decodeJwt(body.access_token as string).iat ?? 0;
    // Later than every artifact of the sign-in: the provider saves the access token before it makes
    // the refresh token, so the refresh token's chain may start a second after the access token's
    // iat (an invalidation at iat + 1 then would not be later than it, and the test would flake).
    await invalidateTokens(db, user.id, new Date((issuedAt + 2) * 1000));
    const res = await refresh(rotated);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('keep working after the browser session ends', async () => {
    const user = await newUser('session');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const ended = await db.query(
      "delete from oidc_models where model = 'Session' and account_id = $1",
      [user.id],
    );
    expect(ended.rowCount).toBe(1);
    const res = await refresh(body.refresh_token as string);
    expect(res.status).toBe(200);
  });

  it('can be revoked by the client (RFC 7009)', async () => {
    const user = await newUser('revocation');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const res = await fetch(new URL('/oauth/revoke', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: body.refresh_token as string, client_id: CLIENT_ID }),
    });
    expect(res.status).toBe(200);
    expect((await refresh(body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it('are stored hashed: no token or code value appears in oidc_models', async () => {
    const user = await newUser('hashed');
    const { body } = await signInAndGetTokens(server, { email: user.email });
    const refreshToken = body.refresh_token as string;
    const { rows } = await db.query<{ model: string; id: string; payload: unknown }>(
      'select model, id, payload from oidc_models where account_id = $1',
      [user.id],
    );
    const models = new Set(rows.map((row) => row.model));
    expect(models).toContain('RefreshToken');
    expect(models).toContain('AuthorizationCode');
    expect(models).toContain('Session');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(refreshToken);
    for (const row of rows.filter((r) =>
      ['RefreshToken', 'AuthorizationCode', 'Session'].includes(r.model),
    )) {
      expect(row.id).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(row.payload)).not.toContain(row.id);
    }
  });
});

describe('a restart over the same database', () => {
  it('loses no sign-in: refresh tokens keep refreshing and the browser stays signed in', async () => {
    const db = await openTestDatabase();
    const orgId = await createOrg(db, 'Acme', true);
    const user = await createUser(db, orgId, 'restart@acme.test');
    const first = await startTestServer(db);
    const { body, browser } = await signInAndGetTokens(first, { email: user.email });
    const port = Number(new URL(first.url).port);
    const jwks = await (await fetch(new URL('/jwks', first.url))).json();
    await first.close();

    const second = await startTestServer(db, { port });
    try {
      expect(second.url).toBe(first.url);
      expect(await (await fetch(new URL('/jwks', second.url))).json()).toEqual(jwks);
      const res = await tokenRequest(second, {
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token as string,
        client_id: CLIENT_ID,
      });
      expect(res.status).toBe(200);
      expect(decodeJwt(res.body.access_token as string).sub).toBe(user.id);

      const again = await authorizeInBrowser(
        browser,
        authorizationUrl(second, { code_challenge: pkce().challenge }),
        {
          email: user.email,
        },
      );
      expect(again.sawSignIn).toBe(false);
      expect(again.sawConsent).toBe(false);
      expect(again.visit.kind).toBe('callback');
    } finally {
      await second.close();
      await db.close();
    }
  });
});
