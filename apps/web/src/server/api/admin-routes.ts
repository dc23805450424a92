import {
  changeMemberRole,
  listOrganizationAudit,
  listOrganizationMembers,
  listOrganizationWorkspaces,
  organizationUsage,
  removeMemberFromWorkspace,
  restoreMemberAccess,
  revokeMemberAccess,
  type Database,
  type StoredCredentials,
} from '@ask-analyst/workspace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOrganizationOwner } from '../auth/owner.js';
import { notFound, parseInput } from './errors.js';
import { handle } from './handle.js';

export interface AdminRoutesOptions {
  db: Database;
  /** The authorization server's credential store, deleted through on revocation (as `pnpm ops`). */
  storedCredentials?: StoredCredentials | undefined;
}

const ID = /^[a-z]{2,4}_[\w-]{1,64}$/;
const AUDIT_LIMIT = 50;

const RoleBodySchema = z.object({ role: z.enum(['viewer', 'analyst', 'admin']) });

type Params = Record<string, string>;

function idParam(params: Params, name: string): string {
  const id = params[name] ?? '';
  if (!ID.test(id)) throw notFound();
  return id;
}

/**
 * `/admin` for organization owners (SPEC section 9): members and their roles, revoke and restore
 * access (the ops functions, so `pnpm ops revoke-user` and this page do the same), the audit of
 * these actions and the organization's agent usage. The acting owner is the session's user, never
 * a field of the request; anyone else gets "not found". CSRF is checked by the session hook.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { db } = options;
  const ctx = { db, storedCredentials: options.storedCredentials };

  app.get(
    '/api/admin',
    handle(async (request) => {
      const owner = await requireOrganizationOwner(db, request);
      const principal = request.webSession!.principal;
      const [workspaces, members, audit, usage] = await Promise.all([
        listOrganizationWorkspaces(db, owner.orgId),
        listOrganizationMembers(db, owner.orgId),
        listOrganizationAudit(db, owner.orgId, { limit: AUDIT_LIMIT }),
        organizationUsage(db, owner.orgId),
      ]);
      return {
        organization: { id: owner.orgId, name: principal.orgName },
        you: owner.userId,
        workspaces,
        members,
        audit: audit.map(({ id, at, actor, action, target, details }) => ({
          id,
          at,
          actor,
          action,
          target,
          ...(typeof details.workspace === 'string' ? { workspace: details.workspace } : {}),
          ...(typeof details.role === 'string' ? { role: details.role } : {}),
        })),
        usage,
      };
    }),
  );

  app.post(
    '/api/admin/members/:userId/revoke',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const owner = await requireOrganizationOwner(db, request);
      const result = await revokeMemberAccess(ctx, owner, idParam(request.params, 'userId'));
      return {
        user: { id: result.user.id, email: result.user.email, status: result.user.status },
        deletedAuthorizations: result.deletedAuthorizations,
        endedWebSessions: result.endedWebSessions,
      };
    }),
  );

  app.post(
    '/api/admin/members/:userId/restore',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const owner = await requireOrganizationOwner(db, request);
      const { user } = await restoreMemberAccess(ctx, owner, idParam(request.params, 'userId'));
      return { user: { id: user.id, email: user.email, status: user.status } };
    }),
  );

  app.put(
    '/api/admin/workspaces/:workspaceId/members/:userId',
    handle(async (request: FastifyRequest<{ Params: Params; Body: unknown }>) => {
      const owner = await requireOrganizationOwner(db, request);
      const { role } = parseInput(RoleBodySchema, request.body ?? {});
      return changeMemberRole(ctx, owner, {
        userId: idParam(request.params, 'userId'),
        workspaceId: idParam(request.params, 'workspaceId'),
        role,
      });
    }),
  );

  app.delete(
    '/api/admin/workspaces/:workspaceId/members/:userId',
    handle(async (request: FastifyRequest<{ Params: Params }>) => {
      const owner = await requireOrganizationOwner(db, request);
      return removeMemberFromWorkspace(ctx, owner, {
        userId: idParam(request.params, 'userId'),
        workspaceId: idParam(request.params, 'workspaceId'),
      });
    }),
  );
}
