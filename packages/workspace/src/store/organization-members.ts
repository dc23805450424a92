import type { Queryable } from '../db/database.js';
import { isRole, type Role } from '../permissions/roles.js';
import type { UserStatus } from './users.js';

/** A member of an organization as its owners see them (SPEC section 9, `/admin`). */
export interface OrganizationMember {
  userId: string;
  email: string;
  name: string;
  status: UserStatus;
  owner: boolean;
  /** The member's role in each workspace of the organization they have one in, by workspace name. */
  roles: Array<{ workspaceId: string; workspaceName: string; role: Role }>;
}

/** The organization's workspaces, by name. */
export async function listOrganizationWorkspaces(
  db: Queryable,
  orgId: string,
): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from workspaces where org_id = $1 order by name, id',
    [orgId],
  );
  return rows;
}

/** Every user of the organization with their roles, by email. */
export async function listOrganizationMembers(
  db: Queryable,
  orgId: string,
): Promise<OrganizationMember[]> {
  const { rows } = await db.query<{
    id: string;
    email: string;
    name: string;
    status: UserStatus;
    owner: boolean;
    workspace_id: string | null;
    workspace_name: string | null;
    role: string | null;
  }>(
    `select u.id, u.email, u.name, u.status,
            exists (select 1 from organization_owners o where o.org_id = u.org_id and o.user_id = u.id) as owner,
            w.id as workspace_id, w.name as workspace_name, m.role
     from users u
     left join memberships m on m.user_id = u.id
       and m.workspace_id in (select id from workspaces where org_id = $1)
     left join workspaces w on w.id = m.workspace_id
     where u.org_id = $1
     order by u.email, w.name`,
    [orgId],
  );
  const members = new Map<string, OrganizationMember>();
  for (const row of rows) {
    let member = members.get(row.id);
    if (!member) {
      member = {
        userId: row.id,
        email: row.email,
        name: row.name,
        status: row.status,
        owner: row.owner,
        roles: [],
      };
      members.set(row.id, member);
    }
    if (row.workspace_id && row.workspace_name && isRole(row.role)) {
      member.roles.push({
        workspaceId: row.workspace_id,
        workspaceName: row.workspace_name,
        role: row.role,
      });
    }
  }
  return [...members.values()];
}
