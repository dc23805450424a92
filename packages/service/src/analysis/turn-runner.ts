import { randomUUID } from 'node:crypto';
import {
  AnalysisPlanSchema,
  AnswerSchema,
  type Alternative,
  type AnalysisStep,
  type TurnErrorCode,
} from '@ask-analyst/protocol';
import type { Analyst, PreviousTurn, WorksheetSource } from '@ask-analyst/analyst';
import {
  claimNextTurn,
  finishLeasedTurn,
  getConversation,
  getReadableWorksheet,
  hasRole,
  isWorkspaceError,
  listReadableWorksheets,
  listTurns,
  placeConversation,
  recoverAbandonedTurns,
  renewTurnLease,
  requeueTurn,
  updateLeasedTurn,
  type Database,
  type TurnClaim,
  type TurnRecord,
} from '@ask-analyst/workspace';
import type { ServiceLogger } from '../logger.js';
import { toWorksheetSource } from './views.js';
import type { TurnEvents } from './turn-events.js';

export interface TurnRunnerOptions {
  db: Database;
  analyst: Analyst;
  events: TurnEvents;
  log: ServiceLogger;
  appUrl: string;
  /** The analysis time limit (SPEC section 7: 120 s). */
  timeLimitMs: number;
  /** Turns this process runs at once. */
  concurrency?: number;
  /** Seconds a claimed turn stays ours without renewal; an expired lease means the runner died. */
  leaseSeconds?: number;
  /** Runs of a turn before an interrupted one is failed `interrupted` instead of re-run. */
  maxAttempts?: number;
  /** How often to look for queued turns of other replicas and for abandoned ones. */
  pollMs?: number;
}

/** Why a running turn was stopped: the reason its abort signal carries (the first one given). */
type StopReason = 'cancelled' | 'timeout' | 'shutdown';

/** A turn this process runs: what upkeep, cancellation and shutdown need of it. */
interface Running {
  turn: TurnRecord;
  /** Aborted with a `StopReason` to stop the turn. */
  abort: AbortController;
  done: Promise<void>;
}

type Failure = { code: TurnErrorCode; message: string; alternatives?: Alternative[] };

/** The worksheet a turn is answered from, read with the user's roles by the call that asked it. */
export interface PreparedSource {
  source: WorksheetSource;
  /** The user named the worksheet (or its workbook) rather than Ask Analyst choosing it. */
  stated: boolean;
}

const STEP_MESSAGES: Record<AnalysisStep, string> = {
  queued: 'Waiting for an earlier question of this conversation',
  understanding: 'Reading the question',
  querying: 'Running the query',
  summarizing: 'Writing the answer',
};

/**
 * Runs Ask Analyst turns in the background (SPEC section 4): claims queued turns from the database
 * with a lease (any replica on the same database may run any turn, one turn of a conversation at a
 * time), renews the lease while it works, stops a turn that is cancelled or over the time limit, and
 * re-queues (or fails `interrupted`) turns whose runner died, so none stays `running`.
 */
export class TurnRunner {
  readonly owner = `runner_${randomUUID()}`;
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly leaseSeconds: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Places kept for turns being created claimed (`begin`), counted against `concurrency`. */
  private reserved = 0;
  /** The claim loop, while one runs: one at a time. */
  private claiming: Promise<void> | null = null;
  /**
   * A queued turn may have been missed: asked to look while a claim loop ran, the loop stopped
   * for lack of room, or a turn finished with another queued behind it. Looked at again as soon
   * as the loop ends with room, or a turn finishes.
   */
  private lookAgain = false;
  /**
   * Turns of this runner that stopped on a database outage and still hold its lease: re-queued
   * at the next upkeep that reaches the database (else their lease lapses and any runner does it).
   */
  private readonly stranded = new Set<string>();

  constructor(private readonly options: TurnRunnerOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.leaseSeconds = options.leaseSeconds ?? 30;
    this.maxAttempts = options.maxAttempts ?? 2;
    this.pollMs = options.pollMs ?? 2_000;
  }

  /** Recovers abandoned turns, then starts claiming. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.recover();
    this.schedule();
    this.wake();
  }

  /** Looks for queued turns now (one was queued, cancelled or its lease lost). */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.lookAgain = true;
      return;
    }
    this.lookAgain = false;
    this.claiming = this.claimLoop()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'claiming turns failed'))
      .finally(() => {
        this.claiming = null;
        if (this.lookAgain && this.hasRoom()) this.wake();
      });
  }

  /**
   * The one way a new turn starts: `create` writes it, and it runs as soon as it may. When this
   * process has room, `create` gets a claim, so the turn is written already running here and starts
   * at once, from `prepared` when given (SPEC section 4 still holds: the claim is taken only when
   * nothing else of the conversation is queued or running). Without room, or when the turn was
   * queued behind another of its conversation, it waits in the queue, and runners claim it in order.
   */
  async begin<T extends { turn: TurnRecord }>(
    create: (claim: TurnClaim | undefined) => Promise<T>,
    prepared?: PreparedSource,
  ): Promise<T> {
    const claimed = !this.stopped && this.hasRoom();
    if (claimed) this.reserved += 1;
    let created: T;
    try {
      created = await create(
        claimed
          ? {
              owner: this.owner,
              leaseSeconds: this.leaseSeconds,
              progress: { step: 'understanding', message: STEP_MESSAGES.understanding },
            }
          : undefined,
      );
    } catch (error) {
      // Not written: the place is free again for a turn that waits for one.
      if (claimed) {
        this.reserved -= 1;
        this.wake();
      }
      throw error;
    }
    if (claimed) this.reserved -= 1;
    const { turn } = created;
    if (turn.status !== 'running') this.wake();
    else if (!this.stopped) this.launch(turn, prepared);
    // Written claimed while this runner was stopping: back in the queue for another runner.
    else this.giveBack(turn);
    return created;
  }

  /** Stops a turn this process runs (it was cancelled); false when it runs elsewhere or not at all. */
  abortLocal(turnId: string): boolean {
    const entry = this.running.get(turnId);
    if (!entry) return false;
    stopTurn(entry, 'cancelled');
    return true;
  }

  /**
   * Stops claiming; lets running turns finish for up to `graceMs`, then interrupts the rest and puts
   * them back in the queue, so another replica (or this service after restart) runs them again.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.claiming;
    const all = () => Promise.all([...this.running.values()].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const entry of this.running.values()) stopTurn(entry, 'shutdown');
    await all();
  }

  private hasRoom(): boolean {
    return this.running.size + this.reserved < this.concurrency;
  }

  /** Puts back in the queue a turn created claimed while this runner was stopping. */
  private giveBack(turn: TurnRecord): void {
    requeueTurn(this.options.db, turn.id, this.owner).catch((error: unknown) =>
      // Its lease expires in `leaseSeconds`; any runner re-queues it then.
      this.options.log.warn({ err: error, turnId: turn.id }, 're-queueing a turn failed'),
    );
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      for (const entry of this.running.values()) {
        const kept = await renewTurnLease(
          this.options.db,
          entry.turn.id,
          this.owner,
          this.leaseSeconds,
        );
        // Lost: cancelled, or taken over after an outage; either way no longer ours to run.
        if (!kept) stopTurn(entry, 'cancelled');
      }
      for (const turnId of this.stranded) {
        // Ours still (or taken over by another runner since): either way no longer ours to keep.
        await requeueTurn(this.options.db, turnId, this.owner);
        this.stranded.delete(turnId);
      }
      await this.recover();
    } catch (error) {
      this.options.log.warn({ err: error }, 'turn lease upkeep failed');
    }
    this.wake();
  }

  private async recover(): Promise<void> {
    const { requeued, failed } = await recoverAbandonedTurns(this.options.db, this.maxAttempts);
    if (requeued + failed > 0)
      this.options.log.info({ requeued, failed }, 'recovered abandoned turns');
  }

  private async claimLoop(): Promise<void> {
    while (!this.stopped) {
      if (!this.hasRoom()) {
        this.lookAgain = true;
        return;
      }
      const turn = await claimNextTurn(this.options.db, this.owner, this.leaseSeconds);
      if (!turn) return;
      this.launch(turn);
    }
  }

  private launch(turn: TurnRecord, prepared?: PreparedSource): void {
    const entry: Running = { turn, abort: new AbortController(), done: Promise.resolve() };
    this.running.set(turn.id, entry);
    this.options.events.emit(turn);
    const deadline = Date.now() + this.options.timeLimitMs;
    const limit = setTimeout(() => stopTurn(entry, 'timeout'), this.options.timeLimitMs);
    entry.done = this.run(entry, deadline, prepared)
      .catch(async (error: unknown) => {
        if (isWorkspaceError(error, 'unavailable')) {
          // The database went away while the turn ran: not the turn's fault. It goes back to the
          // queue as soon as the database answers again (`tick`).
          this.options.log.warn(
            { turnId: turn.id },
            'turn interrupted: the database is unavailable',
          );
          this.stranded.add(turn.id);
          return;
        }
        this.options.log.error({ err: error, turnId: turn.id }, 'turn failed unexpectedly');
        await this.finish(entry, {
          status: 'failed',
          error: {
            code: 'internal',
            message:
              'The analysis failed unexpectedly. Ask again; if it keeps failing, contact support with the turn id.',
          },
        }).catch((finishError: unknown) => {
          // The database is gone too: nothing can be recorded now, and rejecting here would be an
          // unhandled rejection, which ends the process. `tick` re-queues the turn once it can.
          this.options.log.warn(
            { err: finishError, turnId: turn.id },
            'could not record the failed turn; it is re-queued when the database answers',
          );
          this.stranded.add(turn.id);
        });
      })
      .finally(() => {
        clearTimeout(limit);
        this.running.delete(turn.id);
        // Turns wait in the queue only behind another of their conversation or when this process
        // was full; other replicas' turns are found by the poll.
        if (this.lookAgain || reasonOf(entry) === 'cancelled') this.wake();
      });
  }

  private async run(entry: Running, deadline: number, prepared?: PreparedSource): Promise<void> {
    const { db, analyst } = this.options;
    const { turn } = entry;
    // The progress step last written, so the step the turn was created at is not written again.
    let written = turn.progress?.step ?? null;
    const source = prepared ?? (await this.readSource(turn));
    if (!source) return;
    if ('code' in source) {
      await this.finish(entry, { status: 'failed', error: source });
      return;
    }
    const previous = await previousTurn(db, turn);
    // The client's plan, as it was checked when the question was asked (SPEC section 4).
    const plan = turn.plan == null ? null : AnalysisPlanSchema.safeParse(turn.plan);
    if (plan && !plan.success) {
      await this.finish(entry, {
        status: 'failed',
        error: {
          code: 'not_understood',
          message: 'The plan passed with this question is not a valid AnalysisPlan any more.',
        },
      });
      return;
    }
    const outcome = await analyst.analyze({
      question: turn.question,
      source: source.source,
      previous,
      worksheetStated: source.stated,
      plan: plan?.data ?? null,
      signal: entry.abort.signal,
      timeoutMs: Math.max(1, deadline - Date.now()),
      onStep: async (step, message) => {
        if (entry.abort.signal.aborted || written === step) return;
        written = step;
        const updated = await updateLeasedTurn(db, turn.id, this.owner, {
          progress: { step, message: message || STEP_MESSAGES[step] },
        });
        if (updated) this.options.events.emit(updated);
      },
    });
    const reason = reasonOf(entry);
    if (reason === 'shutdown') {
      if (await requeueTurn(db, turn.id, this.owner))
        this.options.log.info({ turnId: turn.id }, 'turn re-queued at shutdown');
      return;
    }
    if (reason === 'timeout' || (!outcome.ok && outcome.code === 'timeout')) {
      const seconds = Math.round(this.options.timeLimitMs / 1000);
      await this.finish(entry, {
        status: 'failed',
        error: {
          code: 'timeout',
          message: `The analysis took longer than the ${seconds}-second limit. Narrow the question (a filter, a shorter period) and ask again.`,
        },
      });
      return;
    }
    if (reason === 'cancelled' || (!outcome.ok && outcome.code === 'cancelled')) return;
    if (outcome.ok) {
      await this.finish(entry, { status: 'succeeded', answer: AnswerSchema.parse(outcome.answer) });
    } else {
      await this.finish(entry, {
        status: 'failed',
        error: {
          code: outcome.code as TurnErrorCode,
          message: outcome.message,
          ...(outcome.alternatives?.length ? { alternatives: outcome.alternatives } : {}),
        },
      });
    }
  }

  private async finish(
    entry: Running,
    result: { status: 'succeeded'; answer: unknown } | { status: 'failed'; error: Failure },
  ): Promise<void> {
    const finished = await finishLeasedTurn(this.options.db, entry.turn.id, this.owner, {
      ...result,
      finishedAt: new Date(),
      progress: null,
    });
    if (!finished) return;
    if (finished.queuedBehind) this.lookAgain = true;
    this.options.events.emit(finished.turn);
  }

  /** The source of a turn found in the queue, read now with the user's roles; null when it is gone. */
  private async readSource(turn: TurnRecord): Promise<PreparedSource | Failure | null> {
    const conversation = await getConversation(this.options.db, turn.conversationId);
    if (!conversation) return null;
    return this.sourceOf(conversation, turn, { userId: conversation.userId });
  }

  /**
   * The worksheet a turn is answered from: the conversation's, or, while it has none (no question
   * of it was placed yet), chosen among every worksheet the user can analyse; the conversation then
   * moves to that worksheet's workspace, as a conversation started with it would be there.
   */
  private async sourceOf(
    conversation: NonNullable<Awaited<ReturnType<typeof getConversation>>>,
    turn: TurnRecord,
    principal: { userId: string },
  ): Promise<PreparedSource | Failure> {
    const { db, appUrl } = this.options;
    const links = { appUrl };
    if (conversation.worksheetId) {
      // Roles are read now, as of this run (SPEC section 7), not when the question was asked.
      const worksheet = await getReadableWorksheet(db, principal, conversation.worksheetId, links);
      if (!worksheet) {
        return {
          code: 'not_found',
          message: 'The worksheet of this conversation is no longer readable to you.',
        };
      }
      if (!hasRole(worksheet.role, 'analyst')) {
        return {
          code: 'permission_denied',
          message:
            'You no longer have the analyst role in the workspace of this conversation; ask a workspace admin.',
        };
      }
      return { source: toWorksheetSource(worksheet), stated: true };
    }
    const analysable = await listReadableWorksheets(db, principal, {
      ...links,
      minRole: 'analyst',
    });
    const candidates = analysable.map(toWorksheetSource);
    const chosen = await this.options.analyst.chooseWorksheet(turn.question, candidates);
    if (!chosen) {
      const names = candidates.map((c) => `${c.name} (${c.workbook.name})`).join(', ');
      return {
        code: 'not_understood',
        message: `I could not tell which worksheet the question is about. Name its data or pass a workbookId; you can analyse: ${names || 'no worksheets'}.`,
      };
    }
    const workspaceId =
      analysable.find((worksheet) => worksheet.id === chosen.id)?.workspace.id ??
      conversation.workspaceId;
    const placed = await placeConversation(db, conversation.id, {
      worksheetId: chosen.id,
      workspaceId,
    });
    if (!placed) {
      // Another turn placed the conversation meanwhile: this one is answered from that worksheet.
      const current = await getConversation(db, conversation.id);
      if (current?.worksheetId) return this.sourceOf(current, turn, principal);
    }
    return { source: chosen, stated: false };
  }
}

/** Stops a running turn for `reason`; the first reason given is the one that counts. */
function stopTurn(entry: Running, reason: StopReason): void {
  entry.abort.abort(reason);
}

/** Why the turn was stopped, or null while it was not. */
function reasonOf(entry: Running): StopReason | null {
  return entry.abort.signal.aborted ? (entry.abort.signal.reason as StopReason) : null;
}

/** The last answered turn before `turn`, which a follow-up builds on. */
async function previousTurn(db: Database, turn: TurnRecord): Promise<PreviousTurn | null> {
  if (turn.index === 0) return null;
  const turns = await listTurns(db, turn.conversationId);
  for (const earlier of turns.filter((t) => t.index < turn.index).reverse()) {
    if (earlier.status !== 'succeeded') continue;
    const answer = AnswerSchema.safeParse(earlier.answer);
    if (answer.success) return { question: earlier.question, plan: answer.data.query.plan };
  }
  return null;
}
