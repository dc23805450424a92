import { findPrincipal, type Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  openTestDatabase,
  type TestUser,
} from '../test-support/fixtures.js';
import {
  authorizationUrl,
  authorizeInBrowser,
  Browser,
  CLIENT_ID,
  pkce,
  signInAndGetTokens,
  startTestServer,
  tokenRequest,
  type TestServer,
} from '../test-support/harness.js';
import type { ClientDescription, UserGrant } from './grant-store.js';

/** Every field any grant interface answer has (each test reads the one its route gives). */
interface ApiBody {
  grants: UserGrant[];
  clients: ClientDescription[];
  policy: { mode: string; allowedClientIds: string[] };
  revoked: unknown;
  error: { code: string; message: string };
}

const WEB_CLIENT = 'ask-analyst-web';
const SECRET = 'a-web-client-secret-of-at-least-32-characters';
const DCR_REDIRECT = 'http://127.0.0.1:8766/callback';

describe('the grant interface and client policies (SPEC section 9)', () => {
  let db: Database;
  let server: TestServer;
  let orgId: string;

  const api = async (
    path: string,
    init: { method?: string; body?: unknown; auth?: string } = {},
  ) => {
    const auth = init.auth ?? `Basic ${Buffer.from(`${WEB_CLIENT}:${SECRET}`).toString('base64')}`;
    const res = await fetch(new URL(`/internal/v1${path}`, server.url), {
      method: init.method ?? 'GET',
      headers: {
        authorization: auth,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as ApiBody };
  };

  const registerClient = async (name: string): Promise<string> => {
    const res = await fetch(new URL('/oauth/register', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: name,
        redirect_uris: [DCR_REDIRECT],
        token_endpoint_auth_method: 'none',
      }),
    });
    return ((await res.json()) as { client_id: string }).client_id;
  };

  const refresh = (clientId: string, refreshToken: string) =>
    tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    });

  const signIn = (user: TestUser, clientId = CLIENT_ID) =>
    signInAndGetTokens(server, {
      email: user.email,
      clientId,
      ...(clientId === CLIENT_ID ? {} : { redirectUri: DCR_REDIRECT }),
    });

  beforeAll(async () => {
    db = await openTestDatabase();
    orgId = await createOrg(db, 'Acme', true);
    server = await startTestServer(db, {
      env: {
        APP_URL: 'http://localhost:4299',
        WEB_CLIENT_ID: WEB_CLIENT,
        WEB_CLIENT_SECRET: SECRET,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers only the web client, with its secret', async () => {
    expect((await api('/clients', { auth: '' })).status).toBe(401);
    const wrong = `Basic ${Buffer.from(`${WEB_CLIENT}:not-the-secret`).toString('base64')}`;
    expect(await api('/clients', { auth: wrong })).toEqual({
      status: 401,
      body: {
        error: { code: 'unauthorized', message: 'the grant interface needs the web client' },
      },
    });
    expect((await api('/users/not-an-id/grants')).status).toBe(400);
  });

  it('lists a user’s clients and disconnects one, whose tokens go while the other’s stay', async () => {
    const user = await createUser(db, orgId, 'lister@acme.test');
    const dcr = await registerClient('Research Bot');
    const editor = await signIn(user);
    const bot = await signIn(user, dcr);

    const { body } = await api(`/users/${user.id}/grants`);
    expect(body.grants).toHaveLength(2);
    const byId = new Map(body.grants.map((grant) => [grant.clientId, grant]));
    expect(byId.get(CLIENT_ID)).toMatchObject({
      clientName: 'Analyst Code Editor',
      verified: true,
    });
    expect(byId.get(CLIENT_ID)?.scopes).toEqual(['analyses.write', 'workbooks.read']);
    expect(byId.get(dcr)).toMatchObject({ clientName: 'Research Bot', verified: false });
    const grant = byId.get(dcr)!;
    expect(Date.parse(grant.grantedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(grant.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(grant.grantedAt));

    expect(
      await api(`/users/${user.id}/grants/${encodeURIComponent(dcr)}`, { method: 'DELETE' }),
    ).toEqual({
      status: 200,
      body: { revoked: 1 },
    });
    expect((await refresh(dcr, bot.body.refresh_token as string)).body.error).toBe('invalid_grant');
    expect((await refresh(CLIENT_ID, editor.body.refresh_token as string)).status).toBe(200);
    const principal = await findPrincipal(db, user.id);
    expect([...(principal?.clientTokensInvalidBefore?.keys() ?? [])]).toEqual([dcr]);
    expect((await api(`/users/${user.id}/grants`)).body.grants.map((g) => g.clientId)).toEqual([
      CLIENT_ID,
    ]);
    // The web app is not a connected app.
    expect((await api(`/users/${user.id}/grants/${WEB_CLIENT}`, { method: 'DELETE' })).status).toBe(
      400,
    );
  });

  it('invalidates the (user, client) of a chain revoked because a refresh token was replayed', async () => {
    const user = await createUser(db, orgId, 'replayed@acme.test');
    const { body } = await signIn(user);
    const old = body.refresh_token as string;
    expect((await refresh(CLIENT_ID, old)).status).toBe(200);
    expect((await findPrincipal(db, user.id))?.clientTokensInvalidBefore?.size).toBe(0);
    expect((await refresh(CLIENT_ID, old)).body.error).toBe('invalid_grant');
    const invalidated = (await findPrincipal(db, user.id))?.clientTokensInvalidBefore;
    expect([...(invalidated?.keys() ?? [])]).toEqual([CLIENT_ID]);
  });

  it('names clients, unknown ones by their id', async () => {
    const dcr = await registerClient('Named Bot');
    const { body } = await api(`/clients?id=${encodeURIComponent(dcr)}&id=${CLIENT_ID}&id=nobody`);
    expect(body.clients).toEqual([
      { clientId: dcr, clientName: 'Named Bot', verified: false },
      { clientId: CLIENT_ID, clientName: 'Analyst Code Editor', verified: true },
      { clientId: 'nobody', clientName: 'nobody', verified: false },
    ]);
  });

  it('pre-registered only: revokes DCR grants, refuses their sign-in saying why, keeps the editor', async () => {
    const otherOrg = await createOrg(db, 'Policy Co', true);
    const user = await createUser(db, otherOrg, 'policy@policy.test');
    const dcr = await registerClient('Policy Bot');
    const bot = await signIn(user, dcr);
    const editor = await signIn(user);

    const set = await api(`/organizations/${otherOrg}/client-policy`, {
      method: 'PUT',
      body: { mode: 'pre_registered', actorId: user.id },
    });
    expect(set.status).toBe(200);
    expect(set.body.policy).toMatchObject({ mode: 'pre_registered', allowedClientIds: [] });
    expect(set.body.revoked).toEqual([{ userId: user.id, clientId: dcr }]);
    expect((await api(`/organizations/${otherOrg}/client-policy`)).body.policy.mode).toBe(
      'pre_registered',
    );
    expect((await refresh(dcr, bot.body.refresh_token as string)).body.error).toBe('invalid_grant');
    expect((await refresh(CLIENT_ID, editor.body.refresh_token as string)).status).toBe(200);

    const { challenge } = pkce();
    const { visit } = await authorizeInBrowser(
      new Browser(server.url),
      authorizationUrl(server, {
        client_id: dcr,
        redirect_uri: DCR_REDIRECT,
        code_challenge: challenge,
      }),
      { email: user.email },
    );
    expect(visit.kind).toBe('page');
    if (visit.kind !== 'page') return;
    expect(visit.page.status).toBe(403);
    expect(visit.page.html).toContain('allows only pre-registered apps');
    expect(visit.page.html).toContain('Policy Bot');

    // Another organization's members are not touched by this one's policy.
    const outsider = await createUser(db, orgId, 'outsider@acme.test');
    await expect(signIn(outsider, dcr)).resolves.toBeTruthy();

    // An allow-list naming the client lets it in again.
    await api(`/organizations/${otherOrg}/client-policy`, {
      method: 'PUT',
      body: { mode: 'allow_list', allowedClientIds: [dcr, CLIENT_ID] },
    });
    await expect(signIn(user, dcr)).resolves.toBeTruthy();
    expect(
      (
        await api(`/organizations/${otherOrg}/client-policy`, {
          method: 'PUT',
          body: { mode: 'everything' },
        })
      ).status,
    ).toBe(400);
  });
});
