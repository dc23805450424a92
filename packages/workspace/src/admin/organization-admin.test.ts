import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWorkspaceError, type WorkspaceErrorCode } from '../errors.js';
import { findPrincipal } from '../identity/principals.js';
import { roleInWorkspace } from '../permissions/access.js';
import { listAudit, listOrganizationAudit } from '../store/ops-audit.js';
import { listOrganizationMembers } from '../store/organization-members.js';
import { addOrganizationOwner, isOrganizationOwner } from '../store/organization-owners.js';
import { recordTelemetry } from '../store/telemetry.js';
import { listUserToolCalls, organizationUsage } from '../store/tool-calls.js';
import { createWebSession, touchWebSession } from '../store/web-sessions.js';
import { openTestDatabase, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import {
  changeMemberRole,
  removeMemberFromWorkspace,
  restoreMemberAccess,
  revokeMemberAccess,
  type OwnerActor,
} from './organization-admin.js';

let db: TestDatabase;
let world: SmallWorld;
let ada: OwnerActor;
const deleted: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  await addOrganizationOwner(db, world.acme, world.ada);
  await addOrganizationOwner(db, world.globex, world.hopper);
  ada = { userId: world.ada, email: 'ada@acme.test', orgId: world.acme };
});

afterAll(async () => {
  await db?.close();
});

const ctx = () => ({
  db,
  storedCredentials: {
    async deleteForUser(_tx: unknown, userId: string) {
      deleted.push(userId);
      return 2;
    },
  },
});

async function refused(work: Promise<unknown>, code: WorkspaceErrorCode): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isWorkspaceError(error, code), String(error)).toBe(true);
  return (error as Error).message;
}

describe('organization owners', () => {
  it('knows who owns an organization, and a revoked or foreign user owns nothing', async () => {
    expect(await isOrganizationOwner(db, world.acme, world.ada)).toBe(true);
    expect(await isOrganizationOwner(db, world.acme, world.grace)).toBe(false);
    expect(await isOrganizationOwner(db, world.acme, world.hopper)).toBe(false);
    // Adding a user of another organization as owner does nothing.
    await addOrganizationOwner(db, world.acme, world.hopper);
    expect(await isOrganizationOwner(db, world.acme, world.hopper)).toBe(false);
  });

  it('lists members with their roles per workspace and who owns', async () => {
    const members = await listOrganizationMembers(db, world.acme);
    expect(members.map((m) => [m.email, m.owner, m.roles.map((r) => r.role)])).toEqual([
      ['ada@acme.test', true, ['admin']],
      ['grace@acme.test', false, ['viewer']],
      ['linus@acme.test', false, ['analyst']],
    ]);
  });

  it('revokes through the ops function: tokens, credentials and web sessions go; restore revives none', async () => {
    await createWebSession(db, {
      id: 'linus-session',
      userId: world.linus,
      csrfToken: 'x',
      idToken: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const result = await revokeMemberAccess(ctx(), ada, world.linus);
    expect(result.endedWebSessions).toBe(1);
    expect(result.deletedAuthorizations).toBe(2);
    expect(deleted).toEqual([world.linus]);
    expect(await touchWebSession(db, 'linus-session', 3600)).toBeNull();
    const revoked = await findPrincipal(db, world.linus);
    expect(revoked?.active).toBe(false);
    expect(revoked?.tokensInvalidBefore).not.toBeNull();

    await restoreMemberAccess(ctx(), ada, world.linus);
    const restored = await findPrincipal(db, world.linus);
    expect(restored?.active).toBe(true);
    expect(restored?.tokensInvalidBefore).toEqual(revoked?.tokensInvalidBefore);

    const audit = await listOrganizationAudit(db, world.acme);
    expect(audit.slice(0, 2).map((e) => [e.actor, e.action, e.target])).toEqual([
      ['ada@acme.test', 'user.restore', 'linus@acme.test'],
      ['ada@acme.test', 'user.revoke', 'linus@acme.test'],
    ]);
    expect(await listOrganizationAudit(db, world.globex)).toEqual([]);
  });

  it('refuses self-revocation, self-demotion, other organizations and non-owners', async () => {
    expect(await refused(revokeMemberAccess(ctx(), ada, world.ada), 'permission_denied')).toMatch(
      /your own access/,
    );
    await refused(
      changeMemberRole(ctx(), ada, {
        userId: world.ada,
        workspaceId: world.operations,
        role: 'viewer',
      }),
      'permission_denied',
    );
    await refused(
      removeMemberFromWorkspace(ctx(), ada, { userId: world.ada, workspaceId: world.operations }),
      'permission_denied',
    );
    await refused(revokeMemberAccess(ctx(), ada, world.hopper), 'not_found');
    await refused(
      changeMemberRole(ctx(), ada, {
        userId: world.grace,
        workspaceId: world.globexMain,
        role: 'analyst',
      }),
      'not_found',
    );
    const grace = { userId: world.grace, email: 'grace@acme.test', orgId: world.acme };
    await refused(revokeMemberAccess(ctx(), grace, world.linus), 'not_found');
    expect((await findPrincipal(db, world.ada))?.active).toBe(true);
    expect((await findPrincipal(db, world.linus))?.active).toBe(true);
  });

  it('changes a role (read at the next call) and removes a membership, with audit', async () => {
    const before = (await listAudit(db)).length;
    await changeMemberRole(ctx(), ada, {
      userId: world.grace,
      workspaceId: world.operations,
      role: 'analyst',
    });
    expect(await roleInWorkspace(db, { userId: world.grace }, world.operations)).toBe('analyst');
    await removeMemberFromWorkspace(ctx(), ada, {
      userId: world.grace,
      workspaceId: world.operations,
    });
    expect(await roleInWorkspace(db, { userId: world.grace }, world.operations)).toBeNull();
    await refused(
      removeMemberFromWorkspace(ctx(), ada, {
        userId: world.grace,
        workspaceId: world.operations,
      }),
      'not_found',
    );
    const audit = await listOrganizationAudit(db, world.acme, { limit: 2 });
    expect(audit.map((e) => [e.action, e.details.previousRole])).toEqual([
      ['member.remove', 'analyst'],
      ['member.role', 'viewer'],
    ]);
    expect((await listAudit(db)).length).toBe(before + 2);
  });
});

describe('tool calls', () => {
  it('lists only the user’s own calls, filtered, and counts the organization’s', async () => {
    const call = (userId: string, orgId: string, clientId: string, tool: string, at: string) =>
      recordTelemetry(db, {
        at: new Date(at),
        userId,
        orgId,
        clientId,
        tool,
        outcome: tool === 'read_worksheet' ? 'error' : 'ok',
        errorCode: tool === 'read_worksheet' ? 'not_found' : null,
        durationMs: 12,
        requestId: 'req_1',
        argumentShape: { worksheetId: 'string' },
      });
    await call(world.ada, world.acme, 'client-a', 'list_workbooks', '2026-01-01T10:00:00Z');
    await call(world.ada, world.acme, 'client-b', 'read_worksheet', '2026-01-02T10:00:00Z');
    await call(world.ada, world.acme, 'client-a', 'list_workbooks', '2026-01-03T10:00:00Z');
    await call(world.grace, world.acme, 'client-a', 'list_workbooks', '2026-01-03T11:00:00Z');
    await call(world.hopper, world.globex, 'client-a', 'list_workbooks', '2026-01-03T12:00:00Z');

    const all = await listUserToolCalls(db, world.ada, {}, 10);
    expect(all.calls.map((c) => c.at)).toEqual([
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
    expect(all.truncated).toBe(false);
    expect((await listUserToolCalls(db, world.ada, {}, 2)).truncated).toBe(true);
    const filtered = await listUserToolCalls(
      db,
      world.ada,
      {
        clientId: 'client-a',
        tool: 'list_workbooks',
        from: new Date('2026-01-02T00:00:00Z'),
        before: new Date('2026-01-04T00:00:00Z'),
      },
      10,
    );
    expect(filtered.calls.map((c) => c.at)).toEqual(['2026-01-03T10:00:00.000Z']);

    const usage = await organizationUsage(db, world.acme);
    expect(usage.map((u) => [u.email, u.clientId, u.tool, u.calls, u.errors])).toEqual([
      ['ada@acme.test', 'client-a', 'list_workbooks', 2, 0],
      ['ada@acme.test', 'client-b', 'read_worksheet', 1, 1],
      ['grace@acme.test', 'client-a', 'list_workbooks', 1, 0],
    ]);
  });
});
