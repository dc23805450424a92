import { CARD_RESOURCE_URI, type AnalysisOutput, type Turn } from '@ask-analyst/protocol';
import type { FollowOptions, PlanningContext } from '@ask-analyst/service';
import type { ToolContext, ToolResult } from './define-tool.js';
import { atLineStart, cell, code, count, table, text } from './markdown.js';

/** `_meta` of the tools whose results the Ask Analyst card shows (SPEC section 5). */
export const CARD_META = { ui: { resourceUri: CARD_RESOURCE_URI } };

/** Rows of an answer shown in the text result; the whole table is in `structuredContent`. */
const ROWS_IN_TEXT = 15;

/**
 * How a tool call follows a turn: the wait ends when the client cancels or disconnects, and each
 * step is sent as `notifications/progress` when the request asked for progress.
 */
export function following(ctx: ToolContext): FollowOptions {
  return { signal: ctx.signal, onProgress: ctx.reportProgress };
}

/** The tool result of an analysis operation: its output, and its text for the model. */
export function analysisResult(
  output: AnalysisOutput,
  planning?: PlanningContext | null,
): ToolResult<AnalysisOutput> {
  const hint = planning === undefined ? [] : ['', planHint(output, planning)];
  return { structuredContent: output, text: [turnText(output), ...hint].join('\n') };
}

/** Failures of Ask Analyst's own reading, after which a client may plan the question itself. */
const READING_REFUSED = new Set(['not_understood', 'needs_clarification']);

/**
 * The tool result of an analysis operation whose turn the built-in reader refused: the text (what
 * the model reads, not `error.message`, which people read in the card and the web app) tells the
 * agent it may pass a `plan`, with the worksheet's columns and types (SPEC section 4).
 */
export async function analysisResultFor(
  ctx: ToolContext,
  output: AnalysisOutput,
): Promise<ToolResult<AnalysisOutput>> {
  const { turn, conversation } = output;
  if (turn.status !== 'failed' || !turn.error || !READING_REFUSED.has(turn.error.code)) {
    return analysisResult(output);
  }
  // The hint is help, not the answer: a conversation gone unreadable meanwhile gets the general one.
  const planning = await ctx.analyses
    .planningContext(ctx.principal, conversation.id)
    .catch(() => null);
  return analysisResult(output, planning);
}

/** The words that offer the agent the plan path, with the columns it can plan with. */
function planHint({ conversation }: AnalysisOutput, planning: PlanningContext | null): string {
  const how =
    `If you know which columns the user meant, you may call continue_analysis with conversationId ${code(conversation.id)}, ` +
    "the user's question and a `plan` (an AnalysisPlan, the shape of answer.query.plan) ";
  const never =
    'Plan only what the user asked; when their intent is unclear, ask them instead (turn.error.alternatives holds questions they could ask).';
  if (!planning) {
    return `${how}whose worksheetId is the worksheet meant (get_workbook lists worksheets and their columns). ${never}`;
  }
  return [
    `${how}on ${cell(planning.worksheet.name)} (worksheetId ${code(planning.worksheet.id)}), whose columns are:`,
    '',
    table(
      ['column', 'type'],
      planning.columns.map((column) => [column.name, column.type]),
    ),
    '',
    never,
  ].join('\n');
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
