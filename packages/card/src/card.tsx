import type { Turn, TurnStatus } from '@ask-analyst/protocol';
import { useSyncExternalStore } from 'react';
import { statusLabel } from './format/status.js';
import type { AnalysisController } from './state/analysis-controller.js';
import { isActive, type CardState } from './state/card-state.js';
import { FailedView } from './views/failed-view.js';
import { FollowUpForm } from './views/follow-up-form.js';
import { hasCaution } from './views/interpretation-view.js';
import { TurnView } from './views/turn-view.js';

/** The turn's status for `data-status` of `[data-testid=status]`; `waiting` before any result. */
function statusOf(state: CardState): TurnStatus | 'waiting' {
  if (state.turn) return state.turn.status;
  if (state.problem) return 'failed';
  if (state.hostCancelled) return 'cancelled';
  return 'waiting';
}

function announcementOf(label: string, turn: Turn): string {
  if (turn.answer) return `${label}: ${turn.answer.summary}`;
  return turn.error ? `${label}: ${turn.error.message}` : label;
}

/** The Ask Analyst card, rendering the controller's state. */
export function Card(props: { controller: AnalysisController; locale?: string }) {
  const { controller, locale } = props;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const { turn, conversation, problem, busy } = state;
  const ask = (question: string) => void controller.followUp(question);
  const status = statusOf(state);
  const label = statusLabel(status, {
    errorCode: turn?.error?.code,
    caution: turn?.answer ? hasCaution(turn.answer.interpretation) : false,
  });
  return (
    <main className="aa card" aria-busy={isActive(turn)}>
      <header className="card-header">
        <p className="eyebrow">
          Ask Analyst
          {conversation && turn ? (
            <span className="muted"> · question {turn.index + 1}</span>
          ) : null}
        </p>
        <h1 className="question cell-text">{state.question ?? 'Waiting for the question…'}</h1>
        <p className={`status status-${status}`} data-testid="status" data-status={status}>
          <span className="visually-hidden">Status: </span>
          {label}
        </p>
      </header>
      {state.earlier.length > 0 ? (
        <section className="earlier" aria-label="Earlier questions">
          {state.earlier.map((earlier) => (
            <details key={earlier.id} className="earlier-turn" data-testid="earlier-turn">
              <summary>
                <span className="cell-text">{earlier.question}</span>{' '}
                <span className="muted">
                  ·{' '}
                  {statusLabel(earlier.status, {
                    errorCode: earlier.error?.code,
                  })}
                </span>
              </summary>
              {/* Its words only: the automation hooks (summary, chart, table) name the latest turn. */}
              <p className="cell-text">{earlier.answer?.summary ?? earlier.error?.message ?? ''}</p>
            </details>
          ))}
        </section>
      ) : null}
      {turn && problem ? (
        <FailedView failure={{ kind: 'problem', problem }} onRetry={() => controller.retry()} />
      ) : null}
      <CardBody state={state} controller={controller} locale={locale} onAsk={ask} />
      {conversation && turn && !isActive(turn) ? (
        <FollowUpForm busy={busy !== null} onAsk={ask} />
      ) : null}
      {/* Announced once when the turn finishes: the answer's summary, or what went wrong. */}
      <p className="visually-hidden" aria-live="polite" data-testid="announcement">
        {turn && !isActive(turn) ? announcementOf(label, turn) : ''}
      </p>
    </main>
  );
}

function CardBody(props: {
  state: CardState;
  controller: AnalysisController;
  locale: string | undefined;
  onAsk: (question: string) => void;
}) {
  const { state, controller, locale, onAsk } = props;
  const { turn, problem } = state;
  if (!turn) {
    if (problem) return <FailedView failure={{ kind: 'problem', problem }} />;
    if (state.hostCancelled) return <FailedView failure={{ kind: 'cancelled' }} />;
    return (
      <p className="progress-line" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        Starting the analysis…
      </p>
    );
  }
  return (
    <TurnView
      askWorksheet={
        state.workbookId && state.question
          ? {
              list: () => controller.worksheets(),
              ask: (worksheetId) => void controller.askWorksheet(turn.question, worksheetId),
              current: state.worksheetId,
            }
          : undefined
      }
      turn={turn}
      locale={locale}
      busy={state.busy !== null}
      cancelling={state.busy === 'cancel'}
      onAsk={onAsk}
      onCancel={() => void controller.cancel()}
    />
  );
}
