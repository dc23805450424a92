import {
  Analyst,
  createModelPlanner,
  deterministicPlanner,
  type ModelPlannerOptions,
} from '@ask-analyst/analyst';
import type { Database, WorksheetEngine } from '@ask-analyst/workspace';
import type { ServiceLogger } from '../logger.js';
import { TurnEvents } from './turn-events.js';
import { TurnRunner } from './turn-runner.js';

/** What Ask Analyst needs from the configuration of the process that runs it. */
export interface AnalysisSettings {
  /** The web app's address, for links in conversations and worksheets. */
  appUrl: string;
  /** Rows an answer keeps at most (RESULT_ROW_LIMIT). */
  resultRowLimit: number;
  /** The analysis time limit (ANALYSIS_TIMEOUT_SECONDS; SPEC section 7: 120 s). */
  analysisTimeoutSeconds: number;
  /** Turns a user may have queued or running at once (RUNNING_ANALYSES_PER_USER). */
  runningAnalysesPerUser: number;
  /**
   * A model-backed planner (an OpenAI-compatible API), or null for the deterministic planner
   * alone; the deterministic planner stays the fallback either way.
   */
  analystModel: Pick<ModelPlannerOptions, 'url' | 'model' | 'apiKey' | 'timeoutMs'> | null;
  /**
   * Seconds a claimed turn stays this process's without renewal (TURN_LEASE_SECONDS; default 30):
   * after a crash, another replica re-runs the turn once it has passed.
   */
  turnLeaseSeconds?: number;
}

/** Ask Analyst in a process: the analyst, the background turn runner and its change events. */
export interface AnalysisRuntime {
  analyst: Analyst;
  runner: TurnRunner;
  events: TurnEvents;
  /** Aborted when the process shuts down: waiting calls return the turn as it stands. */
  closing: AbortSignal;
  /** Starts the runner (recovering turns left by a stopped process). */
  start(): Promise<void>;
  /**
   * Answers every waiting call at once with its turn as it stands, now and from here on (the
   * process is about to stop: clients follow their turns on another replica).
   */
  releaseWaits(): void;
  /** Lets running turns finish for a few seconds, re-queues the rest, releases waiting calls. */
  stop(): Promise<void>;
}

/** How long running turns get to finish at shutdown before they are re-queued (within the 10 s exit). */
const SHUTDOWN_GRACE_MS = 3_000;

/** The analyst over the worksheet engine, and a turn runner over the database (not started). */
export function createAnalysisRuntime(deps: {
  db: Database;
  engine: WorksheetEngine;
  settings: AnalysisSettings;
  log: ServiceLogger;
}): AnalysisRuntime {
  const { settings } = deps;
  const model = settings.analystModel;
  const planner = model
    ? createModelPlanner({
        ...model,
        fallback: deterministicPlanner,
        onFallback: (reason) =>
          deps.log.warn({ reason }, 'model planner failed; deterministic plan used'),
      })
    : deterministicPlanner;
  const analyst = new Analyst(deps.engine, { rowLimit: settings.resultRowLimit, planner });
  const events = new TurnEvents();
  const runner = new TurnRunner({
    db: deps.db,
    analyst,
    events,
    log: deps.log,
    appUrl: settings.appUrl,
    timeLimitMs: settings.analysisTimeoutSeconds * 1000,
    leaseSeconds: settings.turnLeaseSeconds,
    // Renewed at a third of the lease at most, so a short lease is never lost to a slow renewal.
    pollMs: settings.turnLeaseSeconds
      ? Math.min(2_000, Math.floor((settings.turnLeaseSeconds * 1000) / 3))
      : undefined,
  });
  const closing = new AbortController();
  return {
    analyst,
    runner,
    events,
    closing: closing.signal,
    start: () => runner.start(),
    releaseWaits: () => closing.abort(),
    async stop() {
      // Waiting calls answer at once with the turn as it stands (clients follow it, on any
      // replica); running turns get a moment to finish, then are re-queued.
      closing.abort();
      await runner.stop(SHUTDOWN_GRACE_MS);
    },
  };
}
