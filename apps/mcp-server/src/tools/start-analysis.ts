import { AnalysisOutputSchema, StartAnalysisInputSchema } from '@ask-analyst/protocol';
import { analysisResultFor, CARD_META, following } from './analysis-turns.js';
import { ASKS_ANNOTATIONS, defineTool } from './define-tool.js';

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
    'followed with get_analysis. Refine it with continue_analysis. Needs the analyst role. ' +
    "Optional plan: when Ask Analyst's reading fails (not_understood, needs_clarification) and you " +
    "know the worksheet's columns (get_worksheet) and what the user meant, pass your own " +
    'AnalysisPlan (the shape of answer.query.plan) with the question; it is checked like any plan ' +
    '(invalid_argument names the field) and answered as planned. Never plan a question the user ' +
    'did not ask.',
  scope: 'analyses.write',
  inputSchema: StartAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: ASKS_ANNOTATIONS,
  _meta: CARD_META,
  answersWithTask: true,
  async handler(args, ctx) {
    // The conversation remembers the client that started it: history labels it (SPEC section 9).
    const origin = { kind: 'mcp' as const, clientId: ctx.client.clientId };
    return analysisResultFor(
      ctx,
      await ctx.analyses.start(ctx.principal, args, { ...following(ctx), origin }),
    );
  },
});
