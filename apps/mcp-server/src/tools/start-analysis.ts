import { AnalysisOutputSchema, StartAnalysisInputSchema } from '@ask-analyst/protocol';
import {
  createConversation,
  createTurn,
  getReadableWorksheet,
  hasRole,
  listReadableWorksheets,
  newId,
  toConversationView,
  type ReadableWorksheet,
} from '@ask-analyst/workspace';
import { toWorksheetSource } from '../analysis/views.js';
import { ToolError } from '../errors.js';
import {
  admitAnalysis,
  analystRoleNeeded,
  answerWhenReady,
  CARD_META,
  createAndStartTurn,
  watchingTurn,
} from './analysis-turns.js';
import { ASKS_ANNOTATIONS, defineTool, type ToolContext } from './define-tool.js';
import { notFound } from './readable.js';

const TITLE_LENGTH = 120;

/**
 * The worksheets the question may be about: the one named, a workbook's, or every readable one where
 * the user has the analyst role. Roles come with the readable worksheets, read now (SPEC section 7).
 */
async function candidatesFor(
  ctx: ToolContext,
  args: { workbookId?: string | undefined; worksheetId?: string | undefined },
): Promise<ReadableWorksheet[]> {
  const links = { appUrl: ctx.config.appUrl };
  if (args.worksheetId) {
    const worksheet = await getReadableWorksheet(ctx.db, ctx.principal, args.worksheetId, links);
    if (!worksheet) throw notFound('worksheet', args.worksheetId);
    return analysable([worksheet]);
  }
  if (args.workbookId) {
    const worksheets = await listReadableWorksheets(ctx.db, ctx.principal, {
      ...links,
      workbookId: args.workbookId,
    });
    if (worksheets.length === 0) throw notFound('workbook', args.workbookId);
    return analysable(worksheets);
  }
  const readable = await listReadableWorksheets(ctx.db, ctx.principal, links);
  if (readable.length === 0) {
    throw new ToolError(
      'not_found',
      'You have no worksheets to analyse. Use list_workbooks to see what you can read.',
    );
  }
  return analysable(readable);
}

/** The worksheets the user may analyse; `permission_denied` when they may only read them all. */
function analysable(worksheets: ReadableWorksheet[]): ReadableWorksheet[] {
  const allowed = worksheets.filter((worksheet) => hasRole(worksheet.role, 'analyst'));
  if (allowed.length === 0) throw analystRoleNeeded();
  return allowed;
}

/** Starts an Ask Analyst conversation with a question about the user's data. */
export const startAnalysis = defineTool({
  name: 'start_analysis',
  title: 'Ask Analyst: start an analysis',
  description:
    'Asks Ask Analyst a question about the user\'s data in plain language ("total distance by month", ' +
    '"which director has the most movies?", "average price of AAPL in 2008") and starts a new ' +
    'conversation with it. Pass workbookId (wb_…) or worksheetId (ws_…) when known; without them Ask ' +
    'Analyst picks the worksheet and says which in answer.source. Waits up to waitSeconds (default 20) ' +
    'and returns { conversation, turn }: a finished turn has an answer (summary, table of up to 5,000 ' +
    'rows, chart spec, how the question was understood, the SQL); a turn still queued or running is ' +
    'followed with get_analysis. Refine it with continue_analysis. Needs the analyst role.',
  scope: 'analyses.write',
  inputSchema: StartAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: ASKS_ANNOTATIONS,
  _meta: CARD_META,
  async handler({ question, workbookId, worksheetId, waitSeconds }, ctx) {
    const candidates = await candidatesFor(ctx, { workbookId, worksheetId });
    await admitAnalysis(ctx);
    const sources = candidates.map(toWorksheetSource);
    const chosen = await ctx.analysis.analyst.chooseWorksheet(question, sources);
    const named = Boolean(workbookId || worksheetId);
    const worksheet =
      candidates.find((c) => c.id === chosen?.id) ?? (named ? candidates[0]! : null);
    const workspace = (worksheet ?? candidates[0]!).workspace;
    const turnId = newId('turn');
    return watchingTurn(ctx, turnId, async (watch) => {
      const { conversation, turn } = await createAndStartTurn(
        ctx,
        (claim) =>
          ctx.db.transaction(async (tx) => {
            const conversation = await createConversation(tx, {
              workspaceId: workspace.id,
              userId: ctx.principal.userId,
              title:
                question.length > TITLE_LENGTH
                  ? `${question.slice(0, TITLE_LENGTH - 1)}…`
                  : question,
              worksheetId: worksheet?.id ?? null,
            });
            const turn = await createTurn(tx, {
              id: turnId,
              conversationId: conversation.id,
              question,
              claim,
            });
            return { conversation, turn };
          }),
        // The roles were read by this call a moment ago: the turn starts from what they allowed,
        // as the runner would from the conversation's worksheet.
        worksheet ? { source: toWorksheetSource(worksheet), stated: true } : undefined,
      );
      const view = toConversationView(
        { ...conversation, updatedAt: turn.createdAt, turnCount: 1 },
        workspace.name,
        { appUrl: ctx.config.appUrl },
      );
      return answerWhenReady(ctx, view, turn, waitSeconds, watch);
    });
  },
});
