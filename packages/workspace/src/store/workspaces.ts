import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';
import { newId } from '../ids/ids.js';
import type { Role } from '../permissions/roles.js';

/** A workspace of an organization; memberships give its users roles. */
export interface WorkspaceRecord {
  id: string;
  orgId: string;
  name: string;
  createdAt: string;
}

/** A user's role in a workspace. */
export interface MembershipRecord {
  workspaceId: string;
  userId: string;
  role: Role;
}

interface WorkspaceRow {
  id: string;
  org_id: string;
  name: string;
  created_at: Date | string;
}

const COLUMNS = 'id, org_id, name, created_at';

function toRecord(row: WorkspaceRow): WorkspaceRecord {
  return { id: row.id, orgId: row.org_id, name: row.name, createdAt: toIso(row.created_at) };
}

/** Creates a workspace in an organization; names are unique within the organization. */
export async function createWorkspace(
  db: Queryable,
  input: { orgId: string; name: string; id?: string },
): Promise<WorkspaceRecord> {
  const { rows } = await db.query<WorkspaceRow>(
    `insert into workspaces (id, org_id, name) values ($1, $2, $3) returning ${COLUMNS}`,
    [input.id ?? newId('wsp'), input.orgId, input.name],
  );
  return toRecord(rows[0]!);
}

/** The workspace with this id, or null. */
export async function getWorkspace(db: Queryable, id: string): Promise<WorkspaceRecord | null> {
  const { rows } = await db.query<WorkspaceRow>(`select ${COLUMNS} from workspaces where id = $1`, [
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Workspaces with this exact name, in any organization when `orgId` is absent (oldest first). */
export async function findWorkspacesByName(
  db: Queryable,
  name: string,
  orgId?: string,
): Promise<WorkspaceRecord[]> {
  const { rows } = await db.query<WorkspaceRow>(
    `select ${COLUMNS} from workspaces where name = $1 and ($2::text is null or org_id = $2)
     order by created_at, id`,
    [name, orgId ?? null],
  );
  return rows.map(toRecord);
}

/** Gives a user a role in a workspace, replacing any role they had there. */
export async function setMembership(db: Queryable, membership: MembershipRecord): Promise<void> {
  await db.query(
    `insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)
     on conflict (workspace_id, user_id) do update set role = excluded.role`,
    [membership.workspaceId, membership.userId, membership.role],
  );
}

/** Takes a user's role in a workspace away; whether they had one. */
export async function removeMembership(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.query(
    'delete from memberships where workspace_id = $1 and user_id = $2',
    [workspaceId, userId],
  );
  return result.rowCount > 0;
}

/** Members of a workspace with their roles. */
export async function listMemberships(
  db: Queryable,
  workspaceId: string,
): Promise<MembershipRecord[]> {
  const { rows } = await db.query<{ workspace_id: string; user_id: string; role: Role }>(
    'select workspace_id, user_id, role from memberships where workspace_id = $1 order by user_id',
    [workspaceId],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, userId: r.user_id, role: r.role }));
}
