import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';
import { assertRetentionDays, deleteInBatches, PURGE_BATCH_SIZE } from './retention.js';

/**
 * One tool call as kept for operations (SPEC section 7). `argumentShape` holds keys and value types
 * only, never values; building it is the caller's job.
 */
export interface TelemetryEvent {
  at?: Date;
  userId: string | null;
  orgId: string | null;
  clientId: string | null;
  tool: string;
  outcome: string;
  errorCode?: string | null;
  durationMs: number;
  requestId: string;
  argumentShape: unknown;
}

/** A stored telemetry event. */
export interface TelemetryRecord extends Omit<TelemetryEvent, 'at' | 'errorCode'> {
  id: number;
  at: string;
  errorCode: string | null;
}

interface TelemetryRow {
  id: string | number;
  at: Date | string;
  user_id: string | null;
  org_id: string | null;
  client_id: string | null;
  tool: string;
  outcome: string;
  error_code: string | null;
  duration_ms: number;
  request_id: string;
  argument_shape: unknown;
}

/** Stores one telemetry event. */
export async function recordTelemetry(db: Queryable, event: TelemetryEvent): Promise<void> {
  await db.query(
    `insert into telemetry (at, user_id, org_id, client_id, tool, outcome, error_code, duration_ms, request_id, argument_shape)
     values (coalesce($1, now()), $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
    [
      event.at ?? null,
      event.userId,
      event.orgId,
      event.clientId,
      event.tool,
      event.outcome,
      event.errorCode ?? null,
      Math.max(0, Math.round(event.durationMs)),
      event.requestId,
      JSON.stringify(event.argumentShape ?? {}),
    ],
  );
}

/**
 * Stores many telemetry events in one statement (one round trip, one commit, one plan whatever
 * the count): the MCP server writes its tool-call records in batches off the reply path.
 */
export async function recordTelemetryBatch(
  db: Queryable,
  events: readonly TelemetryEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const column = <T>(pick: (event: TelemetryEvent) => T) => events.map(pick);
  await db.query(
    `insert into telemetry (at, user_id, org_id, client_id, tool, outcome, error_code, duration_ms, request_id, argument_shape)
     select coalesce(at, now()), user_id, org_id, client_id, tool, outcome, error_code, duration_ms, request_id, argument_shape::jsonb
     from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[])
       as e(at, user_id, org_id, client_id, tool, outcome, error_code, duration_ms, request_id, argument_shape)`,
    [
      column((e) => e.at?.toISOString() ?? null),
      column((e) => e.userId),
      column((e) => e.orgId),
      column((e) => e.clientId),
      column((e) => e.tool),
      column((e) => e.outcome),
      column((e) => e.errorCode ?? null),
      column((e) => Math.max(0, Math.round(e.durationMs))),
      column((e) => e.requestId),
      column((e) => JSON.stringify(e.argumentShape ?? {})),
    ],
  );
}

/** The most recent telemetry events, newest first. */
export async function listTelemetry(
  db: Queryable,
  options: { limit?: number } = {},
): Promise<TelemetryRecord[]> {
  const { rows } = await db.query<TelemetryRow>(
    'select * from telemetry order by at desc, id desc limit $1',
    [options.limit ?? 100],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: toIso(r.at),
    userId: r.user_id,
    orgId: r.org_id,
    clientId: r.client_id,
    tool: r.tool,
    outcome: r.outcome,
    errorCode: r.error_code,
    durationMs: r.duration_ms,
    requestId: r.request_id,
    argumentShape: r.argument_shape,
  }));
}

/**
 * Deletes telemetry older than `days` days, `batchSize` events per statement (each statement stays
 * short however large the backlog: a statement's answer is waited for a bounded time); returns how
 * many events went.
 */
export async function purgeTelemetry(
  db: Queryable,
  days: number,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  assertRetentionDays(days, 'Telemetry');
  return deleteInBatches(batchSize, (limit) =>
    db.query(
      `delete from telemetry where id in (
         select id from telemetry where at < now() - make_interval(days => $1) limit $2)`,
      [days, limit],
    ),
  );
}
