import { AnalysisOutputSchema, ContinueAnalysisInputSchema } from '@ask-analyst/protocol';
import { analysisResultFor, CARD_META, following } from './analysis-turns.js';
import { ASKS_ANNOTATIONS, defineTool } from './define-tool.js';

/** Appends a follow-up question to an Ask Analyst conversation. */
export const continueAnalysis = defineTool({
  name: 'continue_analysis',
  title: 'Ask Analyst: ask a follow-up',
  description:
    'Asks a follow-up in an existing Ask Analyst conversation (conversationId conv_… from ' +
    'start_analysis or list_analyses). The follow-up may build on the previous answer: "only for ' +
    'SFO", "now by month", "what about profit?", "top 5", "without Europe". It is queued behind a ' +
    'question still running in the same conversation. Waits up to waitSeconds (default 20) and ' +
    'returns { conversation, turn } like start_analysis; follow a turn still running with ' +
    "get_analysis. Needs the analyst role in the conversation's workspace. Optional plan: after " +
    'a not_understood or needs_clarification, when you know the columns and what the user meant, ' +
    "pass the user's question again with your own AnalysisPlan on the conversation's worksheet; " +
    'it is checked (invalid_argument names the field) and answered as planned. Never plan a ' +
    'question the user did not ask. Without a plan, a follow-up builds on the last answer.',
  scope: 'analyses.write',
  inputSchema: ContinueAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: ASKS_ANNOTATIONS,
  _meta: CARD_META,
  answersWithTask: true,
  async handler(args, ctx) {
    return analysisResultFor(ctx, await ctx.analyses.continue(ctx.principal, args, following(ctx)));
  },
});
