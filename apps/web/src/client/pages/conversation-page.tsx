import { TurnView } from '@ask-analyst/card/answer';
import type { AnalysisOutput, Conversation, Turn } from '@ask-analyst/protocol';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formText } from '../form-field.js';
import { api, ApiFailure, type SessionInfo } from '../api.js';
import { Link } from '../router.js';
import { NotFoundPage } from './not-found-page.js';
import { originLabel } from './history-page.js';

const unfinished = (turn: Turn) => turn.status === 'queued' || turn.status === 'running';

/**
 * `/conversations/:id`: every turn drawn by the card's own answer components, a running turn
 * followed live (long polls of the turn), a follow-up box, and each answer's table as CSV.
 */
export function ConversationPage({ id, session }: { id: string; session: SessionInfo }) {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'not-found'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const base = `/api/conversations/${encodeURIComponent(id)}`;

  useEffect(() => {
    api<{ conversation: Conversation; turns: Turn[] }>(base).then(
      (data) => {
        setConversation(data.conversation);
        setTurns(data.turns);
        setState('ready');
        document.title = `${data.conversation.title} · Ask Analyst`;
      },
      (failure: unknown) => {
        if (failure instanceof ApiFailure && failure.status === 404) setState('not-found');
        else setError((failure as Error).message);
      },
    );
  }, [base]);

  const replace = useCallback((output: AnalysisOutput) => {
    setConversation(output.conversation);
    setTurns((current) => {
      const index = current.findIndex((turn) => turn.id === output.turn.id);
      if (index < 0) return [...current, output.turn];
      const next = current.slice();
      next[index] = output.turn;
      return next;
    });
  }, []);

  // Follows the turn still running, one long poll at a time, until it finishes.
  const running = turns.find(unfinished);
  const runningId = running?.id;
  useEffect(() => {
    if (!runningId) return;
    const controller = new AbortController();
    const poll = async () => {
      while (!controller.signal.aborted) {
        const output = await api<AnalysisOutput>(`${base}/turns/${runningId}?waitSeconds=20`, {
          signal: controller.signal,
        });
        replace(output);
        if (!unfinished(output.turn)) return;
      }
    };
    poll().catch((failure: unknown) => {
      if (!controller.signal.aborted) setError((failure as Error).message);
    });
    return () => controller.abort();
  }, [base, runningId, replace]);

  const ask = async (question: string) => {
    setBusy(true);
    setError(null);
    try {
      replace(await api<AnalysisOutput>(`${base}/turns`, { method: 'POST', body: { question } }));
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const cancel = async (turn: Turn) => {
    setCancelling(true);
    try {
      replace(await api<AnalysisOutput>(`${base}/turns/${turn.id}/cancel`, { method: 'POST' }));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setCancelling(false);
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const question = formText(new FormData(form), 'question').trim();
    if (question && (await ask(question))) form.reset();
  };

  if (state === 'not-found') return <NotFoundPage />;
  if (!conversation) return error ? <p role="alert">{error}</p> : <p aria-busy="true">Loading…</p>;
  const canAsk = session.workspaces.some(
    (w) => w.id === conversation.workspace.id && w.role !== 'viewer',
  );
  return (
    <section className="conversation">
      <p className="crumbs">
        <Link href="/history">History</Link> · {conversation.workspace.name} · asked from{' '}
        <span data-testid="conversation-origin">{originLabel(conversation)}</span>
      </p>
      <h1>{conversation.title}</h1>
      <ol className="turns">
        {turns.map((turn) => (
          <li key={turn.id} className="turn" data-testid="turn" data-status={turn.status}>
            <h2 className="question">{turn.question}</h2>
            <TurnView
              turn={turn}
              onAsk={(question) => void ask(question)}
              onCancel={canAsk && unfinished(turn) ? () => void cancel(turn) : undefined}
              cancelling={cancelling}
              busy={busy || !canAsk}
            />
            {turn.answer && (
              <p className="download">
                <a href={`${base}/turns/${turn.id}/answer.csv`} download data-testid="download-csv">
                  Download the table as CSV
                </a>
                {turn.answer.table.truncated &&
                  ` (truncated: the first ${turn.answer.table.rows.length.toLocaleString('en-US')} rows of the answer)`}
              </p>
            )}
          </li>
        ))}
      </ol>
      {error && <p role="alert">{error}</p>}
      {canAsk ? (
        <form className="ask" onSubmit={(event) => void submit(event)}>
          <label htmlFor="follow-up">Ask a follow-up</label>
          <textarea
            id="follow-up"
            name="question"
            rows={2}
            maxLength={2000}
            required
            data-testid="web-follow-up"
          />
          <button
            type="submit"
            disabled={busy || Boolean(running)}
            data-testid="web-follow-up-submit"
          >
            Ask
          </button>
        </form>
      ) : (
        <p className="meta">Asking needs the analyst role in {conversation.workspace.name}.</p>
      )}
    </section>
  );
}
