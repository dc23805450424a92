import {
  ANALYSIS_STEPS,
  type AnalysisOutput,
  type AnalysisPlan,
  type ColumnType,
  type ConversationOrigin,
  type CancelAnalysisInput,
  type ContinueAnalysisInput,
  type GetAnalysisInput,
  type ListAnalysesInput,
  type ListAnalysesOutput,
  type StartAnalysisInput,
} from '@ask-analyst/protocol';
import {
  authorize,
  countUnfinishedTurns,
  createConversation,
  createTurn,
  getConversation,
  getLatestTurn,
  getReadableConversation,
  getReadableWorksheet,
  getTurn,
  hasRole,
  listReadableWorksheets,
  newId,
  placeConversation,
  toConversationView,
  updateTurn,
  type ConversationView,
  type Database,
  type PrincipalRef,
  type ReadableWorksheet,
  type TurnClaim,
  type TurnRecord,
  type WorksheetEngine,
} from '@ask-analyst/workspace';
import { ServiceError } from '../errors.js';
import { checkPlanArgument, checkPlanText, planOutside } from './client-plans.js';
import type { UserLimits } from '../limits/user-limits.js';
import type { ServiceLogger } from '../logger.js';
import { listHistory } from './history.js';
import { createAnalysisRuntime, type AnalysisRuntime, type AnalysisSettings } from './runtime.js';
import type { TurnWatch } from './turn-events.js';
import { toConversation, toTurn, toWorksheetSource } from './views.js';
import { waitForTurn } from './wait-for-turn.js';

/** How a caller follows a turn while an operation waits for it. */
export interface FollowOptions {
  /** Aborted when the caller goes away: the wait ends and the turn is returned as it stands. */
  signal?: AbortSignal;
  /** Told the turn's state when the wait starts and at each change: step `progress` of `total`. */
  onProgress?: (update: { progress: number; total: number; message: string }) => Promise<void>;
  /** Where a new conversation is being started (SPEC section 9, `Conversation.origin`). */
  origin?: ConversationOrigin;
}

/**
 * Ask Analyst as a signed-in user performs it (SPEC section 4): every operation reads the user's
 * roles now, and returns the conversation and the turn as they stand when it answers. Failures a
 * user should read are `ServiceError`s.
 */
export interface AnalysisService {
  /** Starts a conversation with a question, waiting up to `waitSeconds` for the answer. */
  start(
    principal: PrincipalRef,
    input: StartAnalysisInput,
    follow?: FollowOptions,
  ): Promise<AnalysisOutput>;
  /** Asks a follow-up, queued behind a turn of the conversation still running. */
  continue(
    principal: PrincipalRef,
    input: ContinueAnalysisInput,
    follow?: FollowOptions,
  ): Promise<AnalysisOutput>;
  /** One turn (the latest by default), waiting up to `waitSeconds` for it to finish. */
  follow(
    principal: PrincipalRef,
    input: GetAnalysisInput,
    follow?: FollowOptions,
  ): Promise<AnalysisOutput>;
  /** Cancels a queued or running turn; a finished one is returned unchanged. */
  cancel(principal: PrincipalRef, input: CancelAnalysisInput): Promise<AnalysisOutput>;
  /** The user's conversations, newest first, a page at a time. */
  history(principal: PrincipalRef, input: ListAnalysesInput): Promise<ListAnalysesOutput>;
  /**
   * What a client needs to plan the next question of a conversation itself (SPEC section 4,
   * `plan`): the conversation's worksheet and its columns, read with the user's roles now; null
   * when the conversation has no worksheet yet or the user may no longer analyse it.
   */
  planningContext(principal: PrincipalRef, conversationId: string): Promise<PlanningContext | null>;
  /**
   * A turn found by its id alone (an MCP task id), as it stands, with its conversation. A turn
   * that does not exist and one in a conversation that is not the user's to read are the same
   * `not_found`, word for word, so a task id reveals nothing about other users' turns.
   */
  task(principal: PrincipalRef, turnId: string): Promise<AnalysisOutput>;
  /** `cancel` of a turn found by its id alone; `not_found` as `task`. */
  cancelTask(principal: PrincipalRef, turnId: string): Promise<AnalysisOutput>;
  /** The analyst, the runner and its events (benchmarks, tests). */
  readonly runtime: AnalysisRuntime;
  /** Starts the turn runner (recovering turns a stopped process left). */
  open(): Promise<void>;
  /** Releases waiting calls, lets running turns finish briefly, re-queues the rest. */
  close(): Promise<void>;
}

/** A worksheet a client may plan for, and its columns (name and type). */
export interface PlanningContext {
  worksheet: { id: string; name: string };
  columns: Array<{ name: string; type: ColumnType }>;
}

export interface AnalysisServiceOptions {
  db: Database;
  /** The worksheet data engine (DuckDB) the analyst queries. */
  engine: WorksheetEngine;
  settings: AnalysisSettings;
  limits: UserLimits;
  log: ServiceLogger;
}

const TITLE_LENGTH = 120;

/** Ask Analyst over the database and the worksheet engine; `open()` starts its runner. */
export function createAnalysisService(options: AnalysisServiceOptions): AnalysisService {
  const { db, settings } = options;
  const runtime = createAnalysisRuntime({
    db,
    engine: options.engine,
    settings,
    log: options.log,
  });
  const links = { appUrl: settings.appUrl };

  /** The conversation if it is the user's own and readable now; else `not_found`. */
  const readableConversation = async (principal: PrincipalRef, conversationId: string) => {
    const conversation = await getReadableConversation(db, principal, conversationId, links);
    if (!conversation) {
      throw new ServiceError(
        'not_found',
        `No conversation with id ${conversationId} that you can read.`,
        { reason: { kind: 'conversation_not_readable', conversationId } },
      );
    }
    return conversation;
  };

  /** A turn of that conversation; else `not_found`. */
  const turnOf = async (conversation: ConversationView, turnId: string) => {
    const turn = await getTurn(db, turnId);
    if (!turn || turn.conversationId !== conversation.id) {
      throw new ServiceError(
        'not_found',
        `No turn with id ${turnId} in conversation ${conversation.id}.`,
      );
    }
    return turn;
  };

  /** A turn by id and its conversation, if that is the user's own and readable now (`task`). */
  const taskOf = async (principal: PrincipalRef, turnId: string) => {
    const turn = await getTurn(db, turnId);
    const conversation = turn
      ? await getReadableConversation(db, principal, turn.conversationId, links)
      : null;
    if (!turn || !conversation) {
      throw new ServiceError(
        'not_found',
        'No task with this id that you can read. Task ids are the turn ids of your own analyses.',
      );
    }
    return { conversation, turn };
  };

  /** `permission_denied` unless the user may run Ask Analyst on the object now (analyst role). */
  const requireAnalyst = async (principal: PrincipalRef, objectId: string) => {
    const decision = await authorize(db, principal, 'analysis.run', objectId);
    if (decision === 'not_found') {
      throw new ServiceError('not_found', `No object with id ${objectId} that you can read.`);
    }
    if (decision === 'denied') throw analystRoleNeeded();
  };

  /** Counts one analysis toward the per-minute limit; refuses one past the unfinished limit (SPEC 7). */
  const admitAnalysis = async (principal: PrincipalRef) => {
    await options.limits.take('analyses', principal.userId);
    const unfinished = await countUnfinishedTurns(db, principal.userId);
    const limit = settings.runningAnalysesPerUser;
    if (unfinished >= limit) {
      throw new ServiceError(
        'rate_limited',
        `You already have ${unfinished} analyses queued or running (the limit is ${limit}). Wait for one to finish or cancel one, then retry.`,
        { retryAfterSeconds: 5, reason: { kind: 'too_many_unfinished', unfinished, limit } },
      );
    }
  };

  /**
   * The worksheets the question may be about: the one named, a workbook's, or every readable one
   * where the user has the analyst role. Roles come with the readable worksheets, read now.
   */
  const candidatesFor = async (
    principal: PrincipalRef,
    args: { workbookId?: string | undefined; worksheetId?: string | undefined },
  ): Promise<ReadableWorksheet[]> => {
    if (args.worksheetId) {
      const worksheet = await getReadableWorksheet(db, principal, args.worksheetId, links);
      if (!worksheet) throw notReadable('worksheet', args.worksheetId);
      return analysable([worksheet]);
    }
    if (args.workbookId) {
      const worksheets = await listReadableWorksheets(db, principal, {
        ...links,
        workbookId: args.workbookId,
      });
      if (worksheets.length === 0) throw notReadable('workbook', args.workbookId);
      return analysable(worksheets);
    }
    const readable = await listReadableWorksheets(db, principal, links);
    if (readable.length === 0) {
      throw new ServiceError('not_found', 'You have no worksheets to analyse.', {
        reason: { kind: 'nothing_to_analyse' },
      });
    }
    return analysable(readable);
  };

  /**
   * The worksheet a client's plan answers from (SPEC section 4): the one it names, readable by the
   * user now (else `not_found`, the words of an unknown id), agreeing with the arguments, where the
   * user may run Ask Analyst; the plan checked against its columns (`invalid_argument`).
   */
  const plannedWorksheet = async (
    principal: PrincipalRef,
    plan: AnalysisPlan,
    args: { workbookId?: string | undefined; worksheetId?: string | undefined },
  ): Promise<ReadableWorksheet> => {
    checkPlanText(plan);
    if (args.worksheetId && plan.worksheetId !== args.worksheetId) {
      throw planOutside(plan, `the worksheetId argument, ${args.worksheetId}`);
    }
    const worksheet = await getReadableWorksheet(db, principal, plan.worksheetId, links);
    if (!worksheet) throw notReadable('worksheet', plan.worksheetId);
    if (args.workbookId && worksheet.workbookId !== args.workbookId) {
      throw planOutside(plan, `a worksheet of the workbookId argument, ${args.workbookId}`);
    }
    const [allowed] = analysable([worksheet]);
    checkPlanArgument(plan, allowed!);
    return allowed!;
  };

  /**
   * Checks a follow-up's plan (SPEC section 4): it stays on the conversation's worksheet. A
   * conversation whose worksheet was never chosen (its first question named none Ask Analyst could
   * place) is placed on the plan's, as a conversation started with it would be: the returned step,
   * taken once the analysis is admitted.
   */
  const checkFollowUpPlan = async (
    principal: PrincipalRef,
    conversationId: string,
    plan: AnalysisPlan,
  ): Promise<() => Promise<void>> => {
    checkPlanText(plan);
    const stored = await getConversation(db, conversationId);
    if (stored?.worksheetId) {
      if (plan.worksheetId !== stored.worksheetId) {
        throw planOutside(plan, `this conversation's worksheet, ${stored.worksheetId}`);
      }
      const worksheet = await getReadableWorksheet(db, principal, stored.worksheetId, links);
      if (!worksheet) throw notReadable('worksheet', stored.worksheetId);
      const [allowed] = analysable([worksheet]);
      checkPlanArgument(plan, allowed!);
      return async () => {};
    }
    const worksheet = await plannedWorksheet(principal, plan, {});
    return async () => {
      const placed = await placeConversation(db, conversationId, {
        worksheetId: worksheet.id,
        workspaceId: worksheet.workspace.id,
      });
      // Placed meanwhile by another turn: the plan must agree with where it went.
      if (!placed) await (await checkFollowUpPlan(principal, conversationId, plan))();
    };
  };

  /**
   * Runs `use` with a watch on a turn's changes made by this process, open before the turn is
   * read or created so no change is missed, and closed when `use` settles.
   */
  const watchingTurn = async <T>(turnId: string, use: (watch: TurnWatch) => Promise<T>) => {
    const watch = runtime.events.watch(turnId);
    try {
      return await use(watch);
    } finally {
      watch.close();
    }
  };

  /**
   * Waits up to `waitSeconds` for the turn to finish, telling `follow.onProgress` each step, and
   * returns `{ conversation, turn }` as they stand then. `conversation` was read (or created) by
   * this call with the user's roles, and is read again at the end: turns change its count and
   * last activity, and the turn that places a conversation moves it to that worksheet's workspace.
   */
  const answerWhenReady = async (
    principal: PrincipalRef,
    conversation: ConversationView,
    turn: TurnRecord,
    waitSeconds: number,
    watch: TurnWatch,
    follow: FollowOptions,
  ): Promise<AnalysisOutput> => {
    const report = async (current: TurnRecord) => {
      if (!follow.onProgress) return;
      const step = current.progress?.step;
      const index = current.status === 'running' ? ANALYSIS_STEPS.indexOf(step as never) : -1;
      const progress = current.status === 'queued' ? 0 : index >= 0 ? index : ANALYSIS_STEPS.length;
      await follow.onProgress({
        progress,
        total: ANALYSIS_STEPS.length,
        message: current.progress?.message ?? current.status,
      });
    };
    await report(turn);
    const finished = await waitForTurn(db, watch, turn, waitSeconds * 1000, {
      signal: follow.signal ? AbortSignal.any([follow.signal, runtime.closing]) : runtime.closing,
      onChange: report,
    });
    const now = await getReadableConversation(db, principal, conversation.id, links);
    // Unreadable by now (a role removed meanwhile): the view read at the start, with what moved.
    const stored = now ? null : await getConversation(db, conversation.id);
    const view =
      now ??
      (stored
        ? { ...conversation, updatedAt: stored.updatedAt, turnCount: stored.turnCount }
        : conversation);
    return { conversation: toConversation(view), turn: toTurn(finished) };
  };

  const service: AnalysisService = {
    runtime,
    open: () => runtime.start(),
    close: () => runtime.stop(),
    history: (principal, input) => listHistory(db, links, principal, input),

    async start(principal, { question, workbookId, worksheetId, waitSeconds, plan }, follow = {}) {
      const candidates = plan
        ? [await plannedWorksheet(principal, plan, { workbookId, worksheetId })]
        : await candidatesFor(principal, { workbookId, worksheetId });
      await admitAnalysis(principal);
      const sources = candidates.map(toWorksheetSource);
      const chosen = plan ? sources[0]! : await runtime.analyst.chooseWorksheet(question, sources);
      const named = Boolean(workbookId || worksheetId || plan);
      const worksheet =
        candidates.find((c) => c.id === chosen?.id) ?? (named ? candidates[0]! : null);
      const workspace = (worksheet ?? candidates[0]!).workspace;
      const turnId = newId('turn');
      return watchingTurn(turnId, async (watch) => {
        const { conversation, turn } = await runtime.runner.begin(
          (claim) =>
            db.transaction(async (tx) => {
              const conversation = await createConversation(tx, {
                workspaceId: workspace.id,
                userId: principal.userId,
                title:
                  question.length > TITLE_LENGTH
                    ? `${question.slice(0, TITLE_LENGTH - 1)}…`
                    : question,
                worksheetId: worksheet?.id ?? null,
                origin: follow.origin,
              });
              const turn = await createTurn(tx, {
                id: turnId,
                conversationId: conversation.id,
                question,
                claim,
                plan: plan ?? null,
              });
              return { conversation, turn };
            }),
          // The roles were read by this call a moment ago: the turn starts from what they
          // allowed, as the runner would from the conversation's worksheet.
          worksheet ? { source: toWorksheetSource(worksheet), stated: true } : undefined,
        );
        const view = toConversationView(
          { ...conversation, updatedAt: turn.createdAt, turnCount: 1 },
          workspace.name,
          links,
        );
        return answerWhenReady(principal, view, turn, waitSeconds, watch, follow);
      });
    },

    async continue(principal, { conversationId, question, waitSeconds, plan }, follow = {}) {
      const conversation = await readableConversation(principal, conversationId);
      await requireAnalyst(principal, conversation.id);
      const place = plan ? await checkFollowUpPlan(principal, conversation.id, plan) : null;
      await admitAnalysis(principal);
      await place?.();
      const turnId = newId('turn');
      return watchingTurn(turnId, async (watch) => {
        const { turn } = await runtime.runner.begin(async (claim) => ({
          turn: await appendTurn(db, {
            id: turnId,
            conversationId: conversation.id,
            question,
            claim,
            plan: plan ?? null,
          }),
        }));
        return answerWhenReady(principal, conversation, turn, waitSeconds, watch, follow);
      });
    },

    async follow(principal, { conversationId, turnId, waitSeconds }, follow = {}) {
      const conversation = await readableConversation(principal, conversationId);
      const latest = turnId ? null : await getLatestTurn(db, conversation.id);
      if (!turnId && !latest) {
        throw new ServiceError('not_found', `Conversation ${conversation.id} has no turns.`);
      }
      return watchingTurn(turnId ?? latest!.id, async (watch) => {
        // Read after the watch opened, so a change made in between is not missed.
        const turn = await turnOf(conversation, turnId ?? latest!.id);
        return answerWhenReady(principal, conversation, turn, waitSeconds, watch, follow);
      });
    },

    async planningContext(principal, conversationId) {
      await readableConversation(principal, conversationId);
      const stored = await getConversation(db, conversationId);
      if (!stored?.worksheetId) return null;
      const worksheet = await getReadableWorksheet(db, principal, stored.worksheetId, links);
      if (!worksheet || !hasRole(worksheet.role, 'analyst')) return null;
      return {
        worksheet: { id: worksheet.id, name: worksheet.name },
        columns: worksheet.columns.map(({ name, type }) => ({ name, type })),
      };
    },

    async task(principal, turnId) {
      const { conversation, turn } = await taskOf(principal, turnId);
      return { conversation: toConversation(conversation), turn: toTurn(turn) };
    },

    async cancelTask(principal, turnId) {
      const { conversation } = await taskOf(principal, turnId);
      return service.cancel(principal, { conversationId: conversation.id, turnId });
    },

    async cancel(principal, { conversationId, turnId }) {
      const conversation = await readableConversation(principal, conversationId);
      await requireAnalyst(principal, conversation.id);
      let turn = await turnOf(conversation, turnId);
      if (turn.status === 'queued' || turn.status === 'running') {
        const cancelled = await updateTurn(
          db,
          turn.id,
          { status: 'cancelled', finishedAt: new Date(), progress: null },
          ['queued', 'running'],
        );
        if (cancelled) {
          turn = cancelled;
          runtime.runner.abortLocal(turn.id);
          runtime.events.emit(turn);
          runtime.runner.wake();
        } else {
          turn = await turnOf(conversation, turnId);
        }
      }
      return {
        conversation: toConversation(await readableConversation(principal, conversationId)),
        turn: toTurn(turn),
      };
    },
  };
  return service;
}

/** The error of a user who may read a workspace but not run Ask Analyst there (SPEC section 4). */
function analystRoleNeeded(): ServiceError {
  return new ServiceError(
    'permission_denied',
    'Running Ask Analyst needs the analyst role in this workspace; you can read its workbooks but not analyse them. Ask a workspace admin for the analyst role.',
  );
}

/** The worksheets the user may analyse; `permission_denied` when they may only read them all. */
function analysable(worksheets: ReadableWorksheet[]): ReadableWorksheet[] {
  const allowed = worksheets.filter((worksheet) => hasRole(worksheet.role, 'analyst'));
  if (allowed.length === 0) throw analystRoleNeeded();
  return allowed;
}

/**
 * `not_found` for an object the user cannot read. The same words whether it does not exist or
 * belongs to a workspace they have no role in, so existence is not revealed (SPEC sections 4, 6).
 */
export function notReadable(noun: 'workbook' | 'worksheet', id: string): ServiceError {
  return new ServiceError('not_found', `No ${noun} with id ${id} that you can read.`, {
    reason: { kind: 'object_not_readable', noun, id },
  });
}

/**
 * Appends a turn to a conversation; two follow-ups sent at once race for the next index, and the
 * loser takes the one after. After five collisions, a retryable `conflict`.
 */
export async function appendTurn(
  db: Database,
  input: {
    id: string;
    conversationId: string;
    question: string;
    claim: TurnClaim | undefined;
    plan?: AnalysisPlan | null;
  },
): Promise<TurnRecord> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await createTurn(db, input);
    } catch (error) {
      if (!/unique|duplicate/i.test(String((error as Error).message))) throw error;
    }
  }
  throw new ServiceError(
    'conflict',
    'Too many questions were sent to this conversation at once. Retry.',
    { retryable: true, retryAfterSeconds: 1 },
  );
}
