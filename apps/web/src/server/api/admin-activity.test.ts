import { addOrganizationOwner, findPrincipal, recordTelemetry } from '@ask-analyst/workspace';
import { testDatabaseKind } from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createWebTestApp, type WebTestApp } from '../test-support/web-app.js';

let web: WebTestApp;
const deletedCredentials: string[] = [];

beforeAll(async () => {
  web = await createWebTestApp({
    storedCredentials: {
      async deleteForUser(_tx, userId) {
        deletedCredentials.push(userId);
        return 1;
      },
    },
  });
  await addOrganizationOwner(web.db, web.world.acme, web.world.ada);
});

afterAll(async () => {
  await web?.close();
});

describe(`/admin (${testDatabaseKind()})`, () => {
  it('exists for owners only; others get the same not found', async () => {
    const ada = await web.signIn(web.world.ada);
    const grace = await web.signIn(web.world.grace);
    expect(ada.owner).toBe(true);
    expect(grace.owner).toBe(false);
    const page = await web.get('/api/admin', ada.session);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ members: Array<{ email: string }> }>().members.map((m) => m.email)).toEqual([
      'ada@acme.test',
      'grace@acme.test',
      'linus@acme.test',
    ]);
    for (const [method, url] of [
      ['GET', '/api/admin'],
      ['POST', `/api/admin/members/${web.world.linus}/revoke`],
      ['PUT', `/api/admin/workspaces/${web.world.operations}/members/${web.world.linus}`],
    ] as const) {
      const res =
        method === 'GET'
          ? await web.get(url, grace.session)
          : await web.send(grace, method, url, { role: 'admin' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
    expect((await findPrincipal(web.db, web.world.linus))?.active).toBe(true);
  });

  it('refuses an owner action without the CSRF token', async () => {
    const ada = await web.signIn(web.world.ada);
    const res = await web.app.inject({
      method: 'POST',
      url: `/api/admin/members/${web.world.linus}/revoke`,
      headers: { cookie: `aa_session=${ada.session}`, origin: APP_URL },
    });
    expect(res.statusCode).toBe(403);
    expect((await findPrincipal(web.db, web.world.linus))?.active).toBe(true);
  });

  it('revokes (session ended at once, credentials deleted) and restores, audited by the session’s user', async () => {
    const ada = await web.signIn(web.world.ada);
    const linus = await web.signIn(web.world.linus);
    expect((await web.get('/api/session', linus.session)).statusCode).toBe(200);
    // An actor in the body is ignored: the audit names the session's user.
    const revoked = await web.send(ada, 'POST', `/api/admin/members/${web.world.linus}/revoke`, {
      actor: 'mallory@evil.example',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ user: { status: 'revoked' }, endedWebSessions: 1 });
    expect(deletedCredentials).toContain(web.world.linus);
    expect((await web.get('/api/session', linus.session)).statusCode).toBe(401);

    const restored = await web.send(ada, 'POST', `/api/admin/members/${web.world.linus}/restore`);
    expect(restored.json()).toMatchObject({ user: { status: 'active' } });
    // Restoring revives no session: linus signs in again.
    expect((await web.get('/api/session', linus.session)).statusCode).toBe(401);
    // Invalidation refuses the rest of its second too; a sign-in comes at least a second later.
    await web.db.query(
      "update users set tokens_invalid_before = tokens_invalid_before - interval '2 seconds' where id = $1",
      [web.world.linus],
    );
    const again = await web.signIn(web.world.linus);
    expect((await web.get('/api/session', again.session)).statusCode).toBe(200);

    const { audit } = (await web.get('/api/admin', ada.session)).json<{
      audit: Array<{ actor: string; action: string; target: string }>;
    }>();
    expect(audit.slice(0, 2)).toMatchObject([
      { actor: 'ada@acme.test', action: 'user.restore', target: 'linus@acme.test' },
      { actor: 'ada@acme.test', action: 'user.revoke', target: 'linus@acme.test' },
    ]);
  });

  it('never lets an owner revoke or demote themselves', async () => {
    const ada = await web.signIn(web.world.ada);
    const self = await web.send(ada, 'POST', `/api/admin/members/${web.world.ada}/revoke`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ error: { code: 'permission_denied' } });
    const demote = await web.send(
      ada,
      'PUT',
      `/api/admin/workspaces/${web.world.operations}/members/${web.world.ada}`,
      { role: 'viewer' },
    );
    expect(demote.statusCode).toBe(403);
    expect((await web.get('/api/session', ada.session)).statusCode).toBe(200);
  });

  it('changes and removes roles, checking the role named', async () => {
    const ada = await web.signIn(web.world.ada);
    const url = `/api/admin/workspaces/${web.world.operations}/members/${web.world.grace}`;
    expect((await web.send(ada, 'PUT', url, { role: 'owner' })).statusCode).toBe(400);
    expect((await web.send(ada, 'PUT', url, { role: 'analyst' })).json()).toEqual({
      previousRole: 'viewer',
      role: 'analyst',
    });
    const grace = await web.signIn(web.world.grace);
    expect((await web.get('/api/session', grace.session)).json()).toMatchObject({
      workspaces: [{ name: 'Operations', role: 'analyst' }],
    });
    expect((await web.send(ada, 'DELETE', url)).json()).toEqual({ removed: true });
    expect((await web.get('/api/session', grace.session)).json()).toMatchObject({ workspaces: [] });
    expect((await web.send(ada, 'PUT', url, { role: 'viewer' })).statusCode).toBe(200);
  });
});

describe(`/activity (${testDatabaseKind()})`, () => {
  it('lists only the user’s own calls, filtered, and downloads them as escaped CSV', async () => {
    const call = (userId: string, tool: string, clientId: string, at: string) =>
      recordTelemetry(web.db, {
        at: new Date(at),
        userId,
        orgId: web.world.acme,
        clientId,
        tool,
        outcome: 'ok',
        durationMs: 7,
        requestId: 'req_t',
        argumentShape: { worksheetId: 'string', filters: [{ column: 'string', op: 'string' }] },
      });
    await call(web.world.grace, 'read_worksheet', '=cmd|client', '2026-02-01T09:00:00Z');
    await call(web.world.grace, 'list_workbooks', 'client-b', '2026-02-03T09:00:00Z');
    await call(web.world.ada, 'read_worksheet', 'client-b', '2026-02-02T09:00:00Z');
    const grace = await web.signIn(web.world.grace);

    const all = (await web.get('/api/activity', grace.session)).json<{
      calls: Array<{ tool: string; clientId: string }>;
      clients: string[];
      tools: string[];
      truncated: boolean;
    }>();
    expect(all.calls.map((c) => c.tool)).toEqual(['list_workbooks', 'read_worksheet']);
    expect(all.clients).toEqual(['=cmd|client', 'client-b']);
    expect(all.truncated).toBe(false);
    const day = (await web.get('/api/activity?from=2026-02-01&to=2026-02-01', grace.session)).json<{
      calls: unknown[];
    }>();
    expect(day.calls).toHaveLength(1);
    const tool = (
      await web.get('/api/activity?tool=list_workbooks&clientId=', grace.session)
    ).json<{
      calls: unknown[];
    }>();
    expect(tool.calls).toHaveLength(1);
    expect((await web.get('/api/activity?from=2026-02-30', grace.session)).statusCode).toBe(400);
    expect(
      (await web.get('/api/activity?from=2026-02-03&to=2026-02-01', grace.session)).statusCode,
    ).toBe(400);

    const csv = await web.get('/api/activity.csv?tool=read_worksheet', grace.session);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      'time,client,tool,outcome,error code,duration ms,argument shape',
      // The shape as stored (jsonb orders keys), quoted per RFC 4180; the client id escaped.
      `2026-02-01T09:00:00.000Z,'=cmd|client,read_worksheet,ok,,7,"{""filters"":[{""op"":""string"",""column"":""string""}],""worksheetId"":""string""}"`,
      '',
    ]);
  });
});
