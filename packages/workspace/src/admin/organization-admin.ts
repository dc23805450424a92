import type { Queryable } from '../db/database.js';
import { WorkspaceError } from '../errors.js';
import type { OpsContext } from '../ops/context.js';
import { restoreUser, revokeUser, type UserOpsResult } from '../ops/users.js';
import { hasRole, isRole, type Role } from '../permissions/roles.js';
import { recordAudit } from '../store/ops-audit.js';
import { countOtherActiveOwners, isOrganizationOwner } from '../store/organization-owners.js';
import { getUser, type UserRecord } from '../store/users.js';
import { getWorkspace, removeMembership, setMembership } from '../store/workspaces.js';

/** The owner acting, as the web app's session names them (never the request body). */
export interface OwnerActor {
  userId: string;
  email: string;
  orgId: string;
}

/** What an owner's action runs with: the database and the authorization server's credential store. */
export type AdminContext = Pick<OpsContext, 'db' | 'storedCredentials'>;

/** The owner, checked now: not an active owner of the organization is `not_found` (nothing to see). */
async function assertOwner(db: Queryable, owner: OwnerActor): Promise<void> {
  if (!(await isOrganizationOwner(db, owner.orgId, owner.userId))) {
    throw new WorkspaceError('not_found', 'Not found.');
  }
}

/** A user of the owner's organization; another organization's user or an unknown id is `not_found`. */
async function memberOf(db: Queryable, owner: OwnerActor, userId: string): Promise<UserRecord> {
  const user = await getUser(db, userId);
  if (!user || user.orgId !== owner.orgId) throw new WorkspaceError('not_found', 'No such member.');
  return user;
}

async function workspaceOf(db: Queryable, owner: OwnerActor, workspaceId: string) {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace || workspace.orgId !== owner.orgId) {
    throw new WorkspaceError('not_found', 'No such workspace.');
  }
  return workspace;
}

async function currentRole(db: Queryable, workspaceId: string, userId: string) {
  const { rows } = await db.query<{ role: string }>(
    'select role from memberships where workspace_id = $1 and user_id = $2',
    [workspaceId, userId],
  );
  const role = rows[0]?.role;
  return isRole(role) ? role : null;
}

/**
 * Revokes a member's access (SPEC section 7) through the same function as `pnpm ops revoke-user`:
 * next refresh fails, access tokens refused within 30 s, web sessions ended. An owner cannot revoke
 * themselves, and the organization keeps at least one active owner.
 */
export async function revokeMemberAccess(
  ctx: AdminContext,
  owner: OwnerActor,
  userId: string,
): Promise<UserOpsResult> {
  await assertOwner(ctx.db, owner);
  const member = await memberOf(ctx.db, owner, userId);
  if (member.id === owner.userId) {
    throw new WorkspaceError('permission_denied', 'You cannot revoke your own access.');
  }
  if ((await countOtherActiveOwners(ctx.db, owner.orgId, member.id)) === 0) {
    throw new WorkspaceError('permission_denied', 'The organization must keep an owner.');
  }
  return revokeUser({ ...ctx, actor: owner.email }, member.email);
}

/** Restores a member's access (the same function as `pnpm ops restore-user`); old tokens stay dead. */
export async function restoreMemberAccess(
  ctx: AdminContext,
  owner: OwnerActor,
  userId: string,
): Promise<{ user: UserRecord }> {
  await assertOwner(ctx.db, owner);
  const member = await memberOf(ctx.db, owner, userId);
  return restoreUser({ ...ctx, actor: owner.email }, member.email);
}

/**
 * Sets a member's role in a workspace of the organization (it applies at their next call: roles
 * are read per call). An owner cannot lower their own role.
 */
export async function changeMemberRole(
  ctx: AdminContext,
  owner: OwnerActor,
  input: { userId: string; workspaceId: string; role: Role },
): Promise<{ previousRole: Role | null; role: Role }> {
  if (!isRole(input.role)) {
    throw new WorkspaceError('invalid_argument', 'role must be viewer, analyst or admin');
  }
  return ctx.db.transaction(async (tx) => {
    await assertOwner(tx, owner);
    const member = await memberOf(tx, owner, input.userId);
    const workspace = await workspaceOf(tx, owner, input.workspaceId);
    const previousRole = await currentRole(tx, workspace.id, member.id);
    if (member.id === owner.userId && previousRole && !hasRole(input.role, previousRole)) {
      throw new WorkspaceError('permission_denied', 'You cannot demote yourself.');
    }
    await setMembership(tx, { workspaceId: workspace.id, userId: member.id, role: input.role });
    await recordAudit(tx, {
      actor: owner.email,
      action: 'member.role',
      target: member.email,
      details: {
        userId: member.id,
        workspaceId: workspace.id,
        workspace: workspace.name,
        previousRole,
        role: input.role,
      },
    });
    return { previousRole, role: input.role };
  });
}

/** Takes a member's role in one workspace away. An owner cannot remove themselves. */
export async function removeMemberFromWorkspace(
  ctx: AdminContext,
  owner: OwnerActor,
  input: { userId: string; workspaceId: string },
): Promise<{ removed: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await assertOwner(tx, owner);
    const member = await memberOf(tx, owner, input.userId);
    const workspace = await workspaceOf(tx, owner, input.workspaceId);
    if (member.id === owner.userId) {
      throw new WorkspaceError('permission_denied', 'You cannot remove yourself from a workspace.');
    }
    const previousRole = await currentRole(tx, workspace.id, member.id);
    if (!previousRole) throw new WorkspaceError('not_found', 'No such membership.');
    await removeMembership(tx, workspace.id, member.id);
    await recordAudit(tx, {
      actor: owner.email,
      action: 'member.remove',
      target: member.email,
      details: {
        userId: member.id,
        workspaceId: workspace.id,
        workspace: workspace.name,
        previousRole,
      },
    });
    return { removed: true };
  });
}
