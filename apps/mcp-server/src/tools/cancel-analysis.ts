import { AnalysisOutputSchema, CancelAnalysisInputSchema } from '@ask-analyst/protocol';
import { updateTurn } from '@ask-analyst/workspace';
import { toConversation, toTurn } from '../analysis/views.js';
import { readableConversation, requireAnalyst, turnOf, turnText } from './analysis-turns.js';
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
  async handler({ conversationId, turnId }, ctx) {
    const conversation = await readableConversation(ctx, conversationId);
    await requireAnalyst(ctx, conversation.id);
    let turn = await turnOf(ctx, conversation, turnId);
    if (turn.status === 'queued' || turn.status === 'running') {
      const cancelled = await updateTurn(
        ctx.db,
        turn.id,
        { status: 'cancelled', finishedAt: new Date(), progress: null },
        ['queued', 'running'],
      );
      if (cancelled) {
        turn = cancelled;
        ctx.analysis.runner.abortLocal(turn.id);
        ctx.analysis.events.emit(turn);
        ctx.analysis.runner.wake();
      } else {
        turn = await turnOf(ctx, conversation, turnId);
      }
    }
    const output = {
      conversation: toConversation(await readableConversation(ctx, conversationId)),
      turn: toTurn(turn),
    };
    return { structuredContent: output, text: turnText(output) };
  },
});
