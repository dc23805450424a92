import type { Turn } from '@ask-analyst/protocol';
import { AnswerView } from './answer-view.js';
import type { AskWorksheet } from './other-worksheets.js';
import { FailedView } from './failed-view.js';
import { RunningView } from './running-view.js';

export interface TurnViewProps {
  /** The turn to show, in any status. */
  turn: Turn;
  /** Asks a question as a follow-up in the same conversation (alternatives, suggestions). */
  onAsk: (question: string) => void;
  /** Cancels a queued or running turn; without it no cancel button is shown. */
  onCancel?: () => void;
  /** A cancellation is on its way. */
  cancelling?: boolean;
  /** A request is on its way: the buttons that ask are disabled. */
  busy?: boolean;
  /** BCP 47 locale for numbers and dates; the browser's when absent. */
  locale?: string | undefined;
  /** Offers the question to another worksheet of the workbook (a new conversation). */
  askWorksheet?: AskWorksheet | undefined;
}

/** One turn of a conversation: its progress while running, then its answer or its failure. */
export function TurnView(props: TurnViewProps) {
  return (
    <div className="aa turn-view">
      <TurnBody {...props} />
    </div>
  );
}

function TurnBody(props: TurnViewProps) {
  const { turn, onAsk, onCancel, cancelling = false, busy = false, locale, askWorksheet } = props;
  switch (turn.status) {
    case 'queued':
    case 'running':
      return <RunningView turn={turn} cancelling={cancelling} onCancel={onCancel} />;
    case 'succeeded':
      return turn.answer ? (
        <AnswerView
          answer={turn.answer}
          locale={locale}
          busy={busy}
          onAsk={onAsk}
          askWorksheet={askWorksheet}
          asOf={turn.finishedAt}
        />
      ) : (
        <FailedView
          failure={{
            kind: 'turn',
            code: 'internal',
            message: 'The turn finished without an answer.',
          }}
        />
      );
    case 'failed':
      return (
        <FailedView
          failure={{
            kind: 'turn',
            code: turn.error?.code ?? 'internal',
            message: turn.error?.message ?? '',
            alternatives: turn.error?.alternatives,
          }}
          onAsk={onAsk}
          askWorksheet={askWorksheet}
          busy={busy}
        />
      );
    case 'cancelled':
      return <FailedView failure={{ kind: 'cancelled' }} />;
  }
}
