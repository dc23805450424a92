import { problemAdvice, turnErrorAdvice } from '../format/advice.js';
import type { CardProblem } from '../state/card-state.js';

/** A turn that failed or was cancelled, or a problem reaching or reading the server. */
export function FailedView(props: {
  failure:
    | { kind: 'turn'; code: string; message: string }
    | { kind: 'cancelled' }
    | { kind: 'problem'; problem: CardProblem };
  onRetry?: () => void;
}) {
  const { failure, onRetry } = props;
  const advice =
    failure.kind === 'turn'
      ? turnErrorAdvice(failure.code)
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
    <section className="failed" role="alert" data-testid="error">
      <h2 className="failed-title">{advice.title}</h2>
      {detail ? <p className="failed-detail cell-text">{detail}</p> : null}
      <p>{advice.action}</p>
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
