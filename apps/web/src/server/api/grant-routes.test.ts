import { addOrganizationOwner, createConversation } from '@ask-analyst/workspace';
import { testDatabaseKind } from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedApp, GrantApi } from '../grants/grant-api.js';
import { createWebTestApp, type WebTestApp } from '../test-support/web-app.js';

interface Apps {
  apps: ConnectedApp[];
}

interface Listed {
  id: string;
  origin?: { kind: string; clientId?: string; clientName?: string };
}
let web: WebTestApp;

/**
 * The authorization server's grant interface as this app sees it, holding grants in memory; the
 * real one is tested in apps/dev-auth (src/grants) and end to end in e2e/src/connected-apps.test.ts.
 */
const granted = new Map<string, ConnectedApp[]>();
const calls: string[] = [];
const grants: GrantApi = {
  listGrants: async (userId) => granted.get(userId) ?? [],
  revokeGrant: async (userId, clientId) => {
    calls.push(`revoke ${userId} ${clientId}`);
    granted.set(
      userId,
      (granted.get(userId) ?? []).filter((g) => g.clientId !== clientId),
    );
    return 1;
  },
  describeClients: async (ids) => {
    calls.push(`describe ${ids.join(',')}`);
    return ids.map((clientId) => ({
      clientId,
      clientName: `Name of ${clientId}`,
      verified: false,
    }));
  },
  getClientPolicy: async () => ({ mode: 'any', allowedClientIds: [], updatedAt: null }),
  setClientPolicy: async (orgId, policy, actorId) => {
    calls.push(`policy ${orgId} ${policy.mode} by ${actorId}`);
    return { policy: { ...policy, updatedAt: new Date().toISOString() }, revoked: [] };
  },
};

const app1 = (clientId: string): ConnectedApp => ({
  clientId,
  clientName: clientId,
  verified: false,
  scopes: ['workbooks.read'],
  grantedAt: new Date().toISOString(),
  lastUsedAt: null,
});

beforeAll(async () => {
  web = await createWebTestApp({ grants });
  await addOrganizationOwner(web.db, web.world.acme, web.world.ada);
});

afterAll(async () => {
  await web?.close();
});

describe(`connected apps and the client policy in the web app (${testDatabaseKind()})`, () => {
  it('lists only the signed-in user’s apps and disconnects only one they granted', async () => {
    granted.set(web.world.ada, [app1('bot-a'), app1('bot-b')]);
    granted.set(web.world.grace, [app1('bot-g')]);
    const ada = await web.signIn(web.world.ada);
    const grace = await web.signIn(web.world.grace);
    expect((await web.get('/api/connected-apps', ada.session)).json<Apps>().apps).toHaveLength(2);
    expect((await web.get('/api/connected-apps', grace.session)).json<Apps>().apps).toHaveLength(1);

    // grace cannot disconnect ada's app (it is not hers: not found), nor without the CSRF token.
    expect((await web.send(grace, 'POST', '/api/connected-apps/bot-a/disconnect')).statusCode).toBe(
      404,
    );
    const forged = await web.send(
      { ...ada, csrf: 'wrong' },
      'POST',
      '/api/connected-apps/bot-a/disconnect',
    );
    expect(forged.statusCode).toBe(403);
    expect(calls.filter((c) => c.startsWith('revoke'))).toEqual([]);

    const done = await web.send(ada, 'POST', '/api/connected-apps/bot-a/disconnect');
    expect(done.json()).toEqual({ disconnected: 'bot-a' });
    expect(calls).toContain(`revoke ${web.world.ada} bot-a`);
    const left = (await web.get('/api/connected-apps', ada.session)).json<Apps>().apps;
    expect(left.map((a) => a.clientId)).toEqual(['bot-b']);
  });

  it('lets only an owner read and set the policy, naming the session’s user as the actor', async () => {
    const ada = await web.signIn(web.world.ada);
    const grace = await web.signIn(web.world.grace);
    expect(ada.owner).toBe(true);
    expect(grace.owner).toBe(false);
    const refused = await web.get('/api/admin/client-policy', grace.session);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('not_found');
    expect(
      (await web.send(grace, 'PUT', '/api/admin/client-policy', { mode: 'any' })).statusCode,
    ).toBe(404);

    expect((await web.get('/api/admin/client-policy', ada.session)).json()).toMatchObject({
      organization: { id: web.world.acme },
      policy: { mode: 'any' },
    });
    const bad = await web.send(ada, 'PUT', '/api/admin/client-policy', { mode: 'nobody' });
    expect(bad.statusCode).toBe(400);
    const set = await web.send(ada, 'PUT', '/api/admin/client-policy', {
      mode: 'pre_registered',
      actorId: web.world.grace,
    });
    expect(set.json()).toMatchObject({ policy: { mode: 'pre_registered' }, revokedGrants: 0 });
    expect(calls).toContain(`policy ${web.world.acme} pre_registered by ${web.world.ada}`);
  });

  it('names the MCP client of a conversation in history and on its page', async () => {
    const conversation = await createConversation(web.db, {
      workspaceId: web.world.operations,
      userId: web.world.ada,
      title: 'From an agent',
      origin: { kind: 'mcp', clientId: 'bot-x' },
    });
    const ada = await web.signIn(web.world.ada);
    const listed = (await web.get('/api/conversations', ada.session)).json<{
      conversations: Listed[];
    }>().conversations;
    expect(listed.find((c) => c.id === conversation.id)?.origin).toEqual({
      kind: 'mcp',
      clientId: 'bot-x',
      clientName: 'Name of bot-x',
    });
    const page = (await web.get(`/api/conversations/${conversation.id}`, ada.session)).json<{
      conversation: Listed;
    }>();
    expect(page.conversation.origin?.clientName).toBe('Name of bot-x');
  });
});
