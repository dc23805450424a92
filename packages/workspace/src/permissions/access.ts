import type { Queryable } from '../db/database.js';
import type { Principal } from '../identity/principals.js';
import { isRole, type Role } from './roles.js';

/** Who is asking: only the user id is trusted; everything else is read from the database per call. */
export type PrincipalRef = Pick<Principal, 'userId'>;

/**
 * A CTE `access(workspace_id, role)`: the workspaces the user `$1` may see right now, with the role.
 * Empty for a revoked user, and a membership in another organization's workspace grants nothing
 * (SPEC sections 6 and 7). Enrollment in the beta is not a condition: the beta gates the MCP
 * service, whose front end refuses a non-enrolled organization, not the product (SPEC section 9,
 * docs/decisions/121-the-beta-gates-mcp-not-the-product.md).
 */
export const ACCESS_CTE = `access as (
  select m.workspace_id, m.role
  from memberships m
  join users u on u.id = m.user_id
  join workspaces w on w.id = m.workspace_id
  where m.user_id = $1 and u.status = 'active' and w.org_id = u.org_id
)`;

/** The principal's role in a workspace as of now, or null when the workspace does not exist for them. */
export async function roleInWorkspace(
  db: Queryable,
  principal: PrincipalRef,
  workspaceId: string,
): Promise<Role | null> {
  const { rows } = await db.query<{ role: string }>(
    `with ${ACCESS_CTE} select role from access where workspace_id = $2`,
    [principal.userId, workspaceId],
  );
  const role = rows[0]?.role;
  return isRole(role) ? role : null;
}

/** The workspaces the principal can read, with their roles, by name. */
export async function listReadableWorkspaces(
  db: Queryable,
  principal: PrincipalRef,
): Promise<Array<{ id: string; name: string; role: Role }>> {
  const { rows } = await db.query<{ id: string; name: string; role: Role }>(
    `with ${ACCESS_CTE}
     select w.id, w.name, a.role from access a join workspaces w on w.id = a.workspace_id
     order by lower(w.name) collate "C", w.id`,
    [principal.userId],
  );
  return rows;
}
