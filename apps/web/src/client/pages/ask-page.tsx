import type { AnalysisOutput, ListWorkbooksOutput } from '@ask-analyst/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { formText } from '../form-field.js';
import { api, type SessionInfo } from '../api.js';
import { navigate } from '../router.js';
import { useApi } from '../use-api.js';

/** `/ask`: a question box that starts a conversation (the engine and limits of `start_analysis`). */
export function AskPage({ session }: { session: SessionInfo }) {
  const workbooks = useApi<ListWorkbooksOutput>('/api/workbooks?limit=100');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const analystIn = new Set(session.workspaces.filter((w) => w.role !== 'viewer').map((w) => w.id));
  useEffect(() => {
    document.title = 'Ask · Ask Analyst';
  }, []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const question = formText(form, 'question').trim();
    const workbookId = formText(form, 'workbookId');
    if (!question) return;
    setBusy(true);
    setError(null);
    try {
      const output = await api<AnalysisOutput>('/api/conversations', {
        method: 'POST',
        body: { question, ...(workbookId ? { workbookId } : {}) },
      });
      navigate(`/conversations/${output.conversation.id}`);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };
  if (analystIn.size === 0) {
    return (
      <section>
        <h1>Ask</h1>
        <p>Asking Ask Analyst needs the analyst role in a workspace.</p>
      </section>
    );
  }
  return (
    <section>
      <h1>Ask a question</h1>
      <form className="ask" onSubmit={(event) => void submit(event)}>
        <label htmlFor="question">Your question</label>
        <textarea
          id="question"
          name="question"
          rows={3}
          maxLength={2000}
          required
          data-testid="ask-question"
        />
        <label htmlFor="workbook">Workbook</label>
        <select id="workbook" name="workbookId" defaultValue="">
          <option value="">Let Ask Analyst choose</option>
          {workbooks.kind === 'ready' &&
            workbooks.data.workbooks
              .filter((wb) => analystIn.has(wb.workspace.id))
              .map((wb) => (
                <option key={wb.id} value={wb.id}>
                  {wb.name} ({wb.workspace.name})
                </option>
              ))}
        </select>
        <button type="submit" disabled={busy} data-testid="ask-submit">
          Ask
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
