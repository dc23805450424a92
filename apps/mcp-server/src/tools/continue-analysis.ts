import { AnalysisOutputSchema, ContinueAnalysisInputSchema } from '@ask-analyst/protocol';
import { createTurn, newId, type TurnClaim, type TurnRecord } from '@ask-analyst/workspace';
import { ToolError } from '../errors.js';
import {
  admitAnalysis,
  answerWhenReady,
  CARD_META,
  createAndStartTurn,
  readableConversation,
  requireAnalyst,
  watchingTurn,
} from './analysis-turns.js';
import { ASKS_ANNOTATIONS, defineTool, type ToolContext } from './define-tool.js';

/**
 * Appends the turn; two follow-ups sent at once race for the next index, and the loser takes the
 * one after.
 */
export async function appendTurn(
  ctx: ToolContext,
  input: { id: string; conversationId: string; question: string; claim: TurnClaim | undefined },
): Promise<TurnRecord> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await createTurn(ctx.db, input);
    } catch (error) {
      if (!/unique|duplicate/i.test(String((error as Error).message))) throw error;
    }
  }
  throw new ToolError(
    'conflict',
    'Too many questions were sent to this conversation at once. Retry.',
    { retryable: true, retryAfterSeconds: 1 },
  );
}

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
    "get_analysis. Needs the analyst role in the conversation's workspace.",
  scope: 'analyses.write',
  inputSchema: ContinueAnalysisInputSchema,
  outputSchema: AnalysisOutputSchema,
  annotations: ASKS_ANNOTATIONS,
  _meta: CARD_META,
  async handler({ conversationId, question, waitSeconds }, ctx) {
    const conversation = await readableConversation(ctx, conversationId);
    await requireAnalyst(ctx, conversation.id);
    await admitAnalysis(ctx);
    const turnId = newId('turn');
    return watchingTurn(ctx, turnId, async (watch) => {
      const { turn } = await createAndStartTurn(ctx, async (claim) => ({
        turn: await appendTurn(ctx, {
          id: turnId,
          conversationId: conversation.id,
          question,
          claim,
        }),
      }));
      return answerWhenReady(ctx, conversation, turn, waitSeconds, watch);
    });
  },
});
