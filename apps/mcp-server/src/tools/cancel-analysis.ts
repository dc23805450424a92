import { AnalysisOutputSchema, CancelAnalysisInputSchema } from '@ask-analyst/protocol';
import { analysisResult } from './analysis-turns.js';
import { defineTool } from './define-tool.js';

/** Cancels a queued or running Ask Analyst turn. */
export const cancelAnalysis = defineTool({
  name: 'cancel_analysis',
  title: 'Ask Analyst: cancel an analysis',
  description:
    'Cancels a queued or running turn of an Ask Analyst conversation (conversationId conv_…, turnId ' +
    'turn_…): a running query is stopped and the turn ends as cancelled. A turn already finished is ' +
    'returned unchanged, so calling it twice is safe. Returns { conversation, turn }.',
  scope: 'analyses.write',
  inputSchema: CancelAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  _meta: { ui: { visibility: ['model', 'app'] } },
  async handler(args, ctx) {
    return analysisResult(await ctx.analyses.cancel(ctx.principal, args));
  },
});
