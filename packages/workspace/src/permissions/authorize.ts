import type { Queryable } from '../db/database.js';
import { WorkspaceError } from '../errors.js';
import { roleInWorkspace, type PrincipalRef } from './access.js';
import { hasRole, type Role } from './roles.js';

/** What a principal may try to do (SPEC sections 4 and 6). */
export type Action =
  'workbook.read' | 'worksheet.read' | 'analysis.run' | 'conversation.read' | 'workspace.admin';

/**
 * `allowed`; `denied` when the object is readable but the role is too low (→ `permission_denied`);
 * `not_found` when the object does not exist for the principal (→ `not_found`, existence not revealed).
 */
export type Decision = 'allowed' | 'denied' | 'not_found';

type ObjectKind = 'wsp' | 'wb' | 'ws' | 'conv';

const RULES: Record<Action, { kinds: readonly ObjectKind[]; minimum: Role }> = {
  'workbook.read': { kinds: ['wb'], minimum: 'viewer' },
  'worksheet.read': { kinds: ['ws'], minimum: 'viewer' },
  // An analysis runs in a workspace: on a worksheet or workbook there, or continuing a conversation.
  'analysis.run': { kinds: ['wsp', 'wb', 'ws', 'conv'], minimum: 'analyst' },
  'conversation.read': { kinds: ['conv'], minimum: 'viewer' },
  'workspace.admin': { kinds: ['wsp'], minimum: 'admin' },
};

const NOUNS: Record<ObjectKind, string> = {
  wsp: 'workspace',
  wb: 'workbook',
  ws: 'worksheet',
  conv: 'conversation',
};

const LOCATE: Record<ObjectKind, string> = {
  wsp: 'select id as workspace_id, null as user_id from workspaces where id = $1',
  wb: 'select workspace_id, null as user_id from workbooks where id = $1',
  ws: 'select wb.workspace_id, null as user_id from worksheets s join workbooks wb on wb.id = s.workbook_id where s.id = $1',
  conv: 'select workspace_id, user_id from conversations where id = $1',
};

function kindOf(objectId: string): ObjectKind | null {
  const prefix = objectId.slice(0, objectId.indexOf('_'));
  return prefix in LOCATE ? (prefix as ObjectKind) : null;
}

/**
 * Can principal P do action A on object O, according to the database now? The object is named by
 * its id (`wsp_`, `wb_`, `ws_`, `conv_`). Roles are read at call time, never cached (SPEC section 7);
 * a revoked user or an organization out of the beta can do nothing. Conversations are private to
 * the user who started them.
 */
export async function authorize(
  db: Queryable,
  principal: PrincipalRef,
  action: Action,
  objectId: string,
): Promise<Decision> {
  const kind = kindOf(objectId);
  const rule = RULES[action];
  if (!kind || !rule.kinds.includes(kind)) return 'not_found';
  const { rows } = await db.query<{ workspace_id: string; user_id: string | null }>(LOCATE[kind], [
    objectId,
  ]);
  const located = rows[0];
  if (!located) return 'not_found';
  if (kind === 'conv' && located.user_id !== principal.userId) return 'not_found';
  const role = await roleInWorkspace(db, principal, located.workspace_id);
  if (!role) return 'not_found';
  return hasRole(role, rule.minimum) ? 'allowed' : 'denied';
}

/** Whether `authorize` allows it. */
export async function can(
  db: Queryable,
  principal: PrincipalRef,
  action: Action,
  objectId: string,
): Promise<boolean> {
  return (await authorize(db, principal, action, objectId)) === 'allowed';
}

/** Like `authorize`, throwing `WorkspaceError` `not_found` or `permission_denied` unless allowed. */
export async function assertAllowed(
  db: Queryable,
  principal: PrincipalRef,
  action: Action,
  objectId: string,
): Promise<void> {
  const decision = await authorize(db, principal, action, objectId);
  const noun = NOUNS[kindOf(objectId) ?? 'wsp'];
  if (decision === 'not_found')
    throw new WorkspaceError('not_found', `No ${noun} with id ${objectId}`);
  if (decision === 'denied')
    throw new WorkspaceError('permission_denied', deniedMessage(action, noun));
}

/**
 * The principal's role in a workspace, which must be at least `minimum`; throws `not_found` when the
 * workspace does not exist for them and `permission_denied` when their role is lower.
 */
export async function requireRole(
  db: Queryable,
  principal: PrincipalRef,
  workspaceId: string,
  minimum: Role,
): Promise<Role> {
  const role = await roleInWorkspace(db, principal, workspaceId);
  if (!role) throw new WorkspaceError('not_found', `No workspace with id ${workspaceId}`);
  if (!hasRole(role, minimum)) {
    throw new WorkspaceError(
      'permission_denied',
      `This needs the ${minimum} role in the workspace; you are ${role}`,
    );
  }
  return role;
}

function deniedMessage(action: Action, noun: string): string {
  if (action === 'analysis.run') {
    return `Running Ask Analyst needs the analyst role in this ${noun}'s workspace; ask a workspace admin`;
  }
  return `You may read this ${noun} but not do that (${action}); ask a workspace admin`;
}
