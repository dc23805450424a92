import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';

/** Who did what to whom, when (SPEC section 7). */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: toIso(row.at),
    actor: row.actor,
    action: row.action,
    target: row.target,
    details: row.details,
  };
}

/** Appends an audit entry; run it in the transaction of the change it records. */
export async function recordAudit(
  db: Queryable,
  entry: { actor: string; action: string; target: string; details?: Record<string, unknown> },
): Promise<AuditEntry> {
  const { rows } = await db.query<AuditRow>(
    `insert into ops_audit (actor, action, target, details) values ($1, $2, $3, $4::jsonb)
     returning id, at, actor, action, target, details`,
    [entry.actor, entry.action, entry.target, JSON.stringify(entry.details ?? {})],
  );
  return toEntry(rows[0]!);
}

/** The most recent audit entries, newest first. */
export async function listAudit(
  db: Queryable,
  options: { limit?: number } = {},
): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    'select id, at, actor, action, target, details from ops_audit order by at desc, id desc limit $1',
    [options.limit ?? 50],
  );
  return rows.map(toEntry);
}

/**
 * The audit entries about an organization's people, newest first: those whose target is the email
 * of one of its users (revocations, restorations, token invalidations, role changes).
 */
export async function listOrganizationAudit(
  db: Queryable,
  orgId: string,
  options: { limit?: number } = {},
): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `select id, at, actor, action, target, details from ops_audit
     where target in (select email from users where org_id = $1)
     order by at desc, id desc limit $2`,
    [orgId, options.limit ?? 50],
  );
  return rows.map(toEntry);
}
