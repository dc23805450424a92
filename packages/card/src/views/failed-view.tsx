import type { Alternative } from '@ask-analyst/protocol';
import { problemAdvice, turnErrorAdvice } from '../format/advice.js';
import type { CardProblem } from '../state/card-state.js';
import { OtherWorksheets, type AskWorksheet } from './other-worksheets.js';

/** Failures that ask the user to choose or rephrase: a question back, not an error. */
const CLARIFY = new Set(['needs_clarification', 'not_understood']);

/** A turn that failed or was cancelled, or a problem reaching or reading the server. */
export function FailedView(props: {
  failure:
    | { kind: 'turn'; code: string; message: string; alternatives?: Alternative[] | undefined }
    | { kind: 'cancelled' }
    | { kind: 'problem'; problem: CardProblem };
  onRetry?: () => void;
  /** Asks an alternative as a follow-up; without it the alternatives are not offered. */
  onAsk?: ((question: string) => void) | undefined;
  /** Offers the question to another worksheet of the workbook. */
  askWorksheet?: AskWorksheet | undefined;
  busy?: boolean;
}) {
  const { failure, onRetry, onAsk, askWorksheet, busy = false } = props;
  const alternatives = failure.kind === 'turn' && onAsk ? (failure.alternatives ?? []) : [];
  const clarify = failure.kind === 'turn' && CLARIFY.has(failure.code);
  const advice =
    failure.kind === 'turn'
      ? turnErrorAdvice(failure.code, alternatives.length > 0)
      : failure.kind === 'problem'
        ? problemAdvice(failure.problem.code)
        : {
            title: 'The analysis was cancelled.',
            action: 'Ask it again, or ask something else below.',
          };
  const detail =
    failure.kind === 'turn'
      ? failure.message
      : failure.kind === 'problem'
        ? failure.problem.message
        : null;
  const problem = failure.kind === 'problem' ? failure.problem : null;
  return (
    <section className={clarify ? 'failed clarify' : 'failed'} role="alert" data-testid="error">
      <h2 className="failed-title">{advice.title}</h2>
      {detail ? <p className="failed-detail cell-text">{detail}</p> : null}
      <p>{advice.action}</p>
      {alternatives.length > 0 ? (
        <ul className="choices" aria-label="Ask instead">
          {alternatives.map((alternative, index) => (
            <li key={index}>
              <button
                type="button"
                disabled={busy}
                onClick={() => onAsk?.(alternative.question)}
                aria-describedby={`alternative-reason-${index}`}
              >
                <span className="cell-text">{alternative.question}</span>
              </button>
              <span className="muted cell-text" id={`alternative-reason-${index}`}>
                {alternative.reason}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {askWorksheet && (clarify || (failure.kind === 'turn' && failure.code === 'not_found')) ? (
        <OtherWorksheets choice={askWorksheet} disabled={busy} />
      ) : null}
      {problem?.retryAfterSeconds ? (
        <p className="muted">You can try again in {problem.retryAfterSeconds} s.</p>
      ) : null}
      {problem?.requestId ? <p className="muted">Request id: {problem.requestId}</p> : null}
      {problem?.retryable && onRetry ? (
        <button type="button" className="secondary" onClick={onRetry}>
          Check again
        </button>
      ) : null}
    </section>
  );
}
