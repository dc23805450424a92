import { recordTelemetryBatch, type Queryable } from '@ask-analyst/workspace';
import type { ServiceLogger } from '../logger.js';
import type { Shape } from './argument-shape.js';
import { createTelemetryBatcher, type TelemetryBatcher } from './batcher.js';

/** One tool call as telemetry keeps it (SPEC section 7): who, what, when, how it went; no values. */
export interface ToolCallRecord {
  at: Date;
  userId: string | null;
  orgId: string | null;
  clientId: string | null;
  tool: string;
  outcome: 'ok' | 'error';
  errorCode: string | null;
  durationMs: number;
  requestId: string;
  argumentShape: Shape;
}

/** Where tool-call records go. A failing sink never fails the call (the funnel swallows it). */
export type TelemetrySink = (record: ToolCallRecord) => Promise<void>;

/** Writes a batch of records to the telemetry table of the product database. */
export function databaseTelemetryWriter(
  db: Queryable,
): (records: readonly ToolCallRecord[]) => Promise<void> {
  return (records) => recordTelemetryBatch(db, records);
}

/** The telemetry table of the product database, one record at a time (tools' own tests). */
export function databaseTelemetry(db: Queryable): TelemetrySink {
  const write = databaseTelemetryWriter(db);
  return (record) => write([record]);
}

/**
 * Telemetry of the product database as every front end records it: in batches off the reply
 * path (`createTelemetryBatcher`), a failed write retried and logged, a backlog over its bound
 * dropped oldest first and logged. Close it before the database.
 */
export function createDatabaseTelemetry(db: Queryable, log: ServiceLogger): TelemetryBatcher {
  return createTelemetryBatcher({
    write: databaseTelemetryWriter(db),
    onError: (error, pending) =>
      log.warn({ err: error, pending }, 'telemetry write failed; will retry'),
    onDrop: (dropped) =>
      log.error({ dropped }, 'telemetry backlog over its bound; oldest records dropped'),
  });
}
