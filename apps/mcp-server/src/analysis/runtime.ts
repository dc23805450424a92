import { Analyst, createModelPlanner, deterministicPlanner } from '@ask-analyst/analyst';
import type { Database, WorksheetEngine } from '@ask-analyst/workspace';
import type { FastifyBaseLogger } from 'fastify';
import type { McpConfig } from '../config.js';
import { TurnEvents } from './turn-events.js';
import { TurnRunner } from './turn-runner.js';

/** Ask Analyst inside the MCP server: what the analysis tools use. */
export interface AnalysisRuntime {
  analyst: Analyst;
  runner: TurnRunner;
  events: TurnEvents;
  /** Aborted when the server shuts down: waiting calls return the turn as it stands. */
  closing: AbortSignal;
  /** Starts the runner (recovering turns left by a stopped process). */
  start(): Promise<void>;
  /** Lets running turns finish for a few seconds, re-queues the rest, releases waiting calls. */
  stop(): Promise<void>;
}

/** How long running turns get to finish at shutdown before they are re-queued (within the 10 s exit). */
const SHUTDOWN_GRACE_MS = 3_000;

/** The analyst over the worksheet engine, and a turn runner over the database (not started). */
export function createAnalysisRuntime(deps: {
  db: Database;
  engine: WorksheetEngine;
  config: McpConfig;
  log: FastifyBaseLogger;
}): AnalysisRuntime {
  const { limits } = deps.config;
  const model = deps.config.analystModel;
  const planner = model
    ? createModelPlanner({
        ...model,
        fallback: deterministicPlanner,
        onFallback: (reason) =>
          deps.log.warn({ reason }, 'model planner failed; deterministic plan used'),
      })
    : deterministicPlanner;
  const analyst = new Analyst(deps.engine, { rowLimit: limits.resultRowLimit, planner });
  const events = new TurnEvents();
  const runner = new TurnRunner({
    db: deps.db,
    analyst,
    events,
    log: deps.log,
    appUrl: deps.config.appUrl,
    timeLimitMs: limits.analysisTimeoutSeconds * 1000,
  });
  const closing = new AbortController();
  return {
    analyst,
    runner,
    events,
    closing: closing.signal,
    start: () => runner.start(),
    async stop() {
      // Waiting calls answer at once with the turn as it stands (clients follow it with
      // get_analysis, on any replica); running turns get a moment to finish, then are re-queued.
      closing.abort();
      await runner.stop(SHUTDOWN_GRACE_MS);
    },
  };
}
