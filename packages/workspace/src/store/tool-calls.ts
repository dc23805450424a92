import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';

/** One tool call as its user sees it (SPEC section 9, `/activity`): the shape of its arguments, never their values. */
export interface ToolCallView {
  id: number;
  at: string;
  clientId: string | null;
  tool: string;
  outcome: string;
  errorCode: string | null;
  durationMs: number;
  argumentShape: unknown;
}

export interface ToolCallFilter {
  clientId?: string | undefined;
  tool?: string | undefined;
  /** Calls at or after this instant. */
  from?: Date | undefined;
  /** Calls before this instant. */
  before?: Date | undefined;
}

/** Telemetry conditions for a filter, from parameter `$first` on. */
function filterSql(filter: ToolCallFilter, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    parts.push(clause.replace('?', `$${first + params.length - 1}`));
  };
  if (filter.clientId !== undefined) add('client_id = ?', filter.clientId);
  if (filter.tool !== undefined) add('tool = ?', filter.tool);
  if (filter.from !== undefined) add('at >= ?', filter.from.toISOString());
  if (filter.before !== undefined) add('at < ?', filter.before.toISOString());
  return { sql: parts.map((p) => ` and ${p}`).join(''), params };
}

/**
 * The user's own tool calls, newest first, at most `limit` (and whether more matched). Only rows
 * whose `user_id` is this user: never another user's.
 */
export async function listUserToolCalls(
  db: Queryable,
  userId: string,
  filter: ToolCallFilter,
  limit: number,
): Promise<{ calls: ToolCallView[]; truncated: boolean }> {
  const where = filterSql(filter, 2);
  const { rows } = await db.query<{
    id: string | number;
    at: Date | string;
    client_id: string | null;
    tool: string;
    outcome: string;
    error_code: string | null;
    duration_ms: number;
    argument_shape: unknown;
  }>(
    `select id, at, client_id, tool, outcome, error_code, duration_ms, argument_shape
     from telemetry where user_id = $1${where.sql}
     order by at desc, id desc limit ${Math.max(1, Math.floor(limit)) + 1}`,
    [userId, ...where.params],
  );
  const calls = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: toIso(r.at),
    clientId: r.client_id,
    tool: r.tool,
    outcome: r.outcome,
    errorCode: r.error_code,
    durationMs: r.duration_ms,
    argumentShape: r.argument_shape,
  }));
  return { calls, truncated: rows.length > limit };
}

/** The clients and tools the user's calls name, for the Activity filters. */
export async function listUserToolCallFacets(
  db: Queryable,
  userId: string,
): Promise<{ clients: string[]; tools: string[] }> {
  const { rows } = await db.query<{ kind: string; value: string }>(
    `select distinct 'client' as kind, client_id as value from telemetry
       where user_id = $1 and client_id is not null
     union
     select distinct 'tool' as kind, tool as value from telemetry where user_id = $1
     order by kind, value`,
    [userId],
  );
  return {
    clients: rows.filter((r) => r.kind === 'client').map((r) => r.value),
    tools: rows.filter((r) => r.kind === 'tool').map((r) => r.value),
  };
}

/** Calls of one member with one client and tool (SPEC section 9, the organization's agent usage). */
export interface UsageCount {
  userId: string;
  email: string;
  clientId: string | null;
  tool: string;
  calls: number;
  errors: number;
}

/** The organization's tool calls counted by member, client and tool; counts only, never arguments. */
export async function organizationUsage(
  db: Queryable,
  orgId: string,
  filter: Pick<ToolCallFilter, 'from' | 'before'> = {},
): Promise<UsageCount[]> {
  const where = filterSql(filter, 2);
  const { rows } = await db.query<{
    user_id: string;
    email: string;
    client_id: string | null;
    tool: string;
    calls: string | number;
    errors: string | number;
  }>(
    `select t.user_id, u.email, t.client_id, t.tool, count(*) as calls,
            count(*) filter (where t.outcome <> 'ok') as errors
     from (select * from telemetry where org_id = $1${where.sql}) t
     join users u on u.id = t.user_id and u.org_id = $1
     group by t.user_id, u.email, t.client_id, t.tool
     order by u.email, t.client_id nulls first, t.tool`,
    [orgId, ...where.params],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    clientId: r.client_id,
    tool: r.tool,
    calls: Number(r.calls),
    errors: Number(r.errors),
  }));
}
