import { AnalysisOutputSchema, GetAnalysisInputSchema } from '@ask-analyst/protocol';
import { analysisResultFor, following } from './analysis-turns.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from './define-tool.js';

/** One turn of an Ask Analyst conversation, waiting for it to finish if asked to. */
export const getAnalysis = defineTool({
  name: 'get_analysis',
  title: 'Ask Analyst: get an analysis',
  description:
    'Returns one turn of an Ask Analyst conversation with the conversation: its status (queued, ' +
    'running, succeeded, failed, cancelled), progress while running, and the answer or error when ' +
    'finished. turnId defaults to the latest turn. With waitSeconds (up to 25) it waits for a queued or ' +
    'running turn to finish before answering (long poll); call it again while the turn still runs. ' +
    'Use it to follow a turn that start_analysis or continue_analysis returned unfinished, or to ' +
    're-read a past answer. Reading only: needs workbooks.read.',
  scope: 'workbooks.read',
  inputSchema: GetAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  _meta: { ui: { visibility: ['model', 'app'] } },
  async handler(args, ctx) {
    return analysisResultFor(ctx, await ctx.analyses.follow(ctx.principal, args, following(ctx)));
  },
});
