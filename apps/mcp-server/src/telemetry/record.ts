import { recordTelemetry, type Queryable } from '@ask-analyst/workspace';
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

/** The telemetry table of the product database, written by the workspace's `recordTelemetry`. */
export function databaseTelemetry(db: Queryable): TelemetrySink {
  return (record) => recordTelemetry(db, record);
}
