import type { AnalysisOutput, Conversation, ToolErrorContent, Turn } from '@ask-analyst/protocol';

/** A problem the card shows in its error view (a tool error, a lost connection, an unreadable result). */
export interface CardProblem {
  code: string;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
  requestId?: string;
}

/** Everything the card renders. */
export interface CardState {
  /** The question from the tool input, shown before the first result arrives. */
  question: string | null;
  conversation: Conversation | null;
  turn: Turn | null;
  /** A failure outside the turn itself (the turn's own failure lives in `turn.error`). */
  problem: CardProblem | null;
  /** A follow-up or cancel request is on its way to the host. */
  busy: 'follow-up' | 'cancel' | null;
  /** The host cancelled the tool call that would have delivered the result. */
  hostCancelled: boolean;
  /** The workbook and worksheet asked about, when known (tool input or an answer's source). */
  workbookId: string | null;
  worksheetId: string | null;
  /** Earlier finished turns of the conversation, oldest first (shown collapsed above the latest). */
  earlier: Turn[];
}

export const INITIAL_STATE: CardState = {
  question: null,
  conversation: null,
  turn: null,
  problem: null,
  busy: null,
  hostCancelled: false,
  workbookId: null,
  worksheetId: null,
  earlier: [],
};

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** Whether a turn is still queued or running (and so worth following). */
export function isActive(turn: Turn | null): turn is Turn {
  return turn !== null && !FINISHED.has(turn.status);
}

/**
 * Merges a turn update into the state. Updates of an older turn, and updates that would move a
 * finished turn back to running (a late answer of a long poll), are ignored.
 */
export function applyOutput(state: CardState, output: AnalysisOutput): CardState {
  const current = state.turn;
  if (current && state.conversation?.id === output.conversation.id) {
    if (output.turn.index < current.index) return state;
    if (output.turn.id === current.id && !isActive(current) && isActive(output.turn)) return state;
  }
  const sameConversation = state.conversation?.id === output.conversation.id;
  const earlier =
    sameConversation && current && output.turn.index > current.index
      ? [...state.earlier.filter((turn) => turn.index < current.index), current]
      : sameConversation
        ? state.earlier
        : [];
  return {
    ...state,
    earlier,
    question: output.turn.question,
    conversation: output.conversation,
    turn: output.turn,
    problem: null,
    hostCancelled: false,
    workbookId: output.turn.answer?.source.workbookId ?? state.workbookId,
    worksheetId: output.turn.answer?.source.worksheetId ?? state.worksheetId,
  };
}

/** A tool error as a card problem. */
export function problemOfToolError(error: ToolErrorContent['error']): CardProblem {
  return {
    code: error.code,
    message: error.message,
    retryable: error.retryable,
    requestId: error.requestId,
    ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
