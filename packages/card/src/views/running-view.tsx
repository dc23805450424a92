import { ANALYSIS_STEPS, type Turn } from '@ask-analyst/protocol';
import { useEffect, useState } from 'react';
import { formatElapsed } from '../format/format-value.js';

const STEP_NAMES: Record<string, string> = {
  queued: 'Waiting for its turn',
  understanding: 'Understanding the question',
  querying: 'Querying the data',
  summarizing: 'Writing the answer',
};

/** Milliseconds since `from` (ISO), ticking every second while shown. */
function useElapsed(from: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now - Date.parse(from);
}

/** A queued or running turn: the current step, the time spent, and a way to cancel it. */
export function RunningView(props: {
  turn: Turn;
  cancelling: boolean;
  onCancel?: (() => void) | undefined;
}) {
  const { turn, cancelling, onCancel } = props;
  const elapsed = useElapsed(turn.startedAt ?? turn.createdAt);
  const step = turn.progress?.step ?? (turn.status === 'queued' ? 'queued' : 'understanding');
  const current = ANALYSIS_STEPS.indexOf(step);
  return (
    <section className="running" aria-label="Analysis in progress">
      <ol className="steps">
        {ANALYSIS_STEPS.map((name, index) => (
          <li
            key={name}
            className={index < current ? 'done' : index === current ? 'current' : 'todo'}
            aria-current={index === current ? 'step' : undefined}
          >
            {STEP_NAMES[name]}
          </li>
        ))}
      </ol>
      {/* Only the step is live: it is announced once when it changes, the ticking seconds never. */}
      <p className="progress-line">
        <span className="spinner" aria-hidden="true" />
        <span data-testid="step" aria-live="polite">
          {turn.progress?.message || STEP_NAMES[step]}
        </span>
        <span className="muted" data-testid="elapsed">
          {' · '}
          {formatElapsed(elapsed)}
        </span>
      </p>
      {/* The answer's place, kept while it is worked out, so the card does not jump when it comes. */}
      <div className="skeleton" aria-hidden="true" data-testid="skeleton">
        <div className="skeleton-chart" />
        <div className="skeleton-line" />
        <div className="skeleton-line short" />
        <div className="skeleton-block" />
        <div className="skeleton-line short" />
      </div>
      {onCancel ? (
        <button type="button" className="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      ) : null}
    </section>
  );
}
