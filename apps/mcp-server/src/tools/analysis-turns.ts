import {
  ANALYSIS_STEPS,
  CARD_RESOURCE_URI,
  type AnalysisOutput,
  type Turn,
} from '@ask-analyst/protocol';
import {
  authorize,
  countUnfinishedTurns,
  getConversation,
  getReadableConversation,
  getTurn,
  type ConversationView,
  type TurnClaim,
  type TurnRecord,
} from '@ask-analyst/workspace';
import { ToolError } from '../errors.js';
import { toConversation, toTurn } from '../analysis/views.js';
import type { TurnWatch } from '../analysis/turn-events.js';
import type { PreparedSource } from '../analysis/turn-runner.js';
import { waitForTurn } from '../analysis/wait-for-turn.js';
import type { ToolContext, ToolResult } from './define-tool.js';
import { atLineStart, cell, count, table, text } from './markdown.js';

/** `_meta` of the tools whose results the Ask Analyst card shows (SPEC section 5). */
export const CARD_META = { ui: { resourceUri: CARD_RESOURCE_URI } };

/** Rows of an answer shown in the text result; the whole table is in `structuredContent`. */
const ROWS_IN_TEXT = 15;

/** The conversation if it is the user's own and readable now; else `not_found`. */
export async function readableConversation(
  ctx: ToolContext,
  conversationId: string,
): Promise<ConversationView> {
  const conversation = await getReadableConversation(ctx.db, ctx.principal, conversationId, {
    appUrl: ctx.config.appUrl,
  });
  if (!conversation) {
    throw new ToolError(
      'not_found',
      `No conversation with id ${conversationId} that you can read. Use list_analyses to find your conversations.`,
    );
  }
  return conversation;
}

/** A turn of that conversation; else `not_found`. */
export async function turnOf(
  ctx: ToolContext,
  conversation: ConversationView,
  turnId: string,
): Promise<TurnRecord> {
  const turn = await getTurn(ctx.db, turnId);
  if (!turn || turn.conversationId !== conversation.id) {
    throw new ToolError(
      'not_found',
      `No turn with id ${turnId} in conversation ${conversation.id}.`,
    );
  }
  return turn;
}

/** The error of a user who may read a workspace but not run Ask Analyst there (SPEC section 4). */
export function analystRoleNeeded(): ToolError {
  return new ToolError(
    'permission_denied',
    'Running Ask Analyst needs the analyst role in this workspace; you can read its workbooks but not analyse them. Ask a workspace admin for the analyst role.',
  );
}

/** `permission_denied` unless the user may run Ask Analyst on the object now (analyst role). */
export async function requireAnalyst(ctx: ToolContext, objectId: string): Promise<void> {
  const decision = await authorize(ctx.db, ctx.principal, 'analysis.run', objectId);
  if (decision === 'not_found') {
    throw new ToolError('not_found', `No object with id ${objectId} that you can read.`);
  }
  if (decision === 'denied') throw analystRoleNeeded();
}

/** Counts one analysis toward the per-minute limit and refuses a fourth one still unfinished (SPEC 7). */
export async function admitAnalysis(ctx: ToolContext): Promise<void> {
  const verdict = ctx.limits.analysesPerMinute.hit(ctx.principal.userId);
  if (!verdict.allowed) {
    throw new ToolError(
      'rate_limited',
      `Too many analyses: the limit is ${ctx.limits.analysesPerMinute.limit} per minute. Retry in ${verdict.retryAfterSeconds} seconds.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  const unfinished = await countUnfinishedTurns(ctx.db, ctx.principal.userId);
  const limit = ctx.config.limits.runningAnalysesPerUser;
  if (unfinished >= limit) {
    throw new ToolError(
      'rate_limited',
      `You already have ${unfinished} analyses queued or running (the limit is ${limit}). Wait for one to finish (get_analysis) or cancel one (cancel_analysis), then retry.`,
      { retryAfterSeconds: 5 },
    );
  }
}

/**
 * Creates a turn with `create` and starts it: created already claimed by this process when it has
 * room (the turn runs at once, answered from `prepared` when given), else queued for the runner.
 */
export async function createAndStartTurn<T extends { turn: TurnRecord }>(
  ctx: ToolContext,
  create: (claim: TurnClaim | undefined) => Promise<T>,
  prepared?: PreparedSource,
): Promise<T> {
  const { runner } = ctx.analysis;
  const slot = runner.reserve();
  let created: T;
  try {
    created = await create(slot?.claim);
  } catch (error) {
    slot?.release();
    throw error;
  }
  if (slot) slot.launch(created.turn, prepared);
  else runner.wake();
  return created;
}

/**
 * Runs `use` with a watch on a turn's changes made by this process, open before the turn is read
 * or created so no change is missed, and closed when `use` settles.
 */
export async function watchingTurn<T>(
  ctx: ToolContext,
  turnId: string,
  use: (watch: TurnWatch) => Promise<T>,
): Promise<T> {
  const watch = ctx.analysis.events.watch(turnId);
  try {
    return await use(watch);
  } finally {
    watch.close();
  }
}

/**
 * Waits up to `waitSeconds` for the turn to finish, sending `notifications/progress` with each step
 * when the caller asked for progress, and returns `{ conversation, turn }` as they stand then.
 * `conversation` was read (or created) by this call with the user's roles, and is read again at
 * the end: turns change its count and last activity, and the turn that places a conversation
 * with no worksheet yet moves it to that worksheet's workspace.
 */
export async function answerWhenReady(
  ctx: ToolContext,
  conversation: ConversationView,
  turn: TurnRecord,
  waitSeconds: number,
  watch: TurnWatch,
): Promise<ToolResult<AnalysisOutput>> {
  const report = async (current: TurnRecord) => {
    const step = current.progress?.step;
    const index = current.status === 'running' ? ANALYSIS_STEPS.indexOf(step as never) : -1;
    const progress = current.status === 'queued' ? 0 : index >= 0 ? index : ANALYSIS_STEPS.length;
    await ctx.reportProgress({
      progress,
      total: ANALYSIS_STEPS.length,
      message: current.progress?.message ?? current.status,
    });
  };
  await report(turn);
  const finished = await waitForTurn(ctx.db, watch, turn, waitSeconds * 1000, {
    signal: AbortSignal.any([ctx.signal, ctx.analysis.closing]),
    onChange: report,
  });
  const now = await getReadableConversation(ctx.db, ctx.principal, conversation.id, {
    appUrl: ctx.config.appUrl,
  });
  // Unreadable by now (a role removed meanwhile): the view read at the start, with what moved.
  const stored = now ? null : await getConversation(ctx.db, conversation.id);
  const view =
    now ??
    (stored
      ? { ...conversation, updatedAt: stored.updatedAt, turnCount: stored.turnCount }
      : conversation);
  const output: AnalysisOutput = {
    conversation: toConversation(view),
    turn: toTurn(finished),
  };
  return { structuredContent: output, text: turnText(output) };
}

/** The markdown text of a turn: for hosts that draw no card, and for the model. */
export function turnText({ conversation, turn }: AnalysisOutput): string {
  const head = `**Ask Analyst** · conversation \`${conversation.id}\`, turn \`${turn.id}\` (${turn.index + 1} of ${conversation.turnCount}) · **${turn.status}**`;
  const lines = [head, '', `> ${atLineStart(cell(turn.question, 500))}`, ''];
  if (turn.status === 'queued' || turn.status === 'running') {
    lines.push(
      `${atLineStart(text(turn.progress?.message ?? 'Waiting to start'))}. The analysis continues in the background: call get_analysis with this conversationId and turnId (waitSeconds up to 25) to follow it.`,
    );
  } else if (turn.status === 'cancelled') {
    lines.push('The analysis was cancelled. Ask again with continue_analysis.');
  } else if (turn.error) {
    lines.push(`Failed (${turn.error.code}): ${text(turn.error.message)}`);
  } else if (turn.answer) {
    lines.push(...answerText(turn));
  }
  return lines.join('\n');
}

function answerText(turn: Turn): string[] {
  const answer = turn.answer!;
  const { table: t } = answer;
  const shown = t.rows.slice(0, ROWS_IN_TEXT);
  const lines = [atLineStart(text(answer.summary)), ''];
  if (t.columns.length > 0 && t.rows.length > 0) {
    lines.push(
      table(
        t.columns.map((c) => c.name),
        shown,
      ),
      '',
    );
    if (t.rowCount > shown.length) {
      lines.push(
        `${count(shown.length)} of ${count(t.rowCount)} rows shown; all ${count(t.rows.length)}${t.truncated ? ' (truncated)' : ''} are in structuredContent.`,
        '',
      );
    }
  }
  lines.push(`Understood as: ${text(answer.interpretation.restatement)}`);
  if (answer.interpretation.unused.length > 0) {
    lines.push(
      `Words not used: ${answer.interpretation.unused.map((w) => `"${cell(w)}"`).join(', ')}.`,
    );
  }
  if (answer.interpretation.alternatives.length > 0) {
    lines.push(
      `You could also ask: ${answer.interpretation.alternatives.map((a) => `"${cell(a.question, 200)}"`).join('; ')}.`,
    );
  }
  lines.push(`Source: ${cell(answer.source.worksheetName)} (\`${answer.source.worksheetId}\`).`);
  return lines;
}
