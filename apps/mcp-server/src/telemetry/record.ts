import type { Queryable } from '@ask-analyst/workspace';
import type { Shape } from './argument-shape.js';

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

/** The telemetry table of the product database. */
export function databaseTelemetry(db: Queryable): TelemetrySink {
  return async (record) => {
    await db.query(
      `insert into telemetry (at, user_id, org_id, client_id, tool, outcome, error_code, duration_ms, request_id, argument_shape)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        record.at,
        record.userId,
        record.orgId,
        record.clientId,
        record.tool,
        record.outcome,
        record.errorCode,
        Math.round(record.durationMs),
        record.requestId,
        JSON.stringify(record.argumentShape),
      ],
    );
  };
}
