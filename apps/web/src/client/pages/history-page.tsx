import type { Conversation, ListAnalysesOutput } from '@ask-analyst/protocol';
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { Link } from '../router.js';

/** Where a conversation was asked, as history labels it (SPEC section 9). */
export function originLabel(conversation: Conversation): string {
  const origin = conversation.origin;
  if (!origin) return 'unknown';
  if (origin.kind === 'web') return 'web';
  const name = origin.clientName ?? origin.clientId ?? 'an MCP client';
  return origin.clientName && origin.clientId ? `${name} (${origin.clientId})` : name;
}

/** `/history`: every conversation of the user, newest first, labelled by origin. */
export function HistoryPage() {
  const [items, setItems] = useState<Conversation[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const load = (cursor?: string) =>
    api<ListAnalysesOutput>(
      `/api/conversations?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    ).then(
      (page) => {
        setItems((current) => (cursor ? [...current, ...page.conversations] : page.conversations));
        setNext(page.nextCursor);
      },
      (failure: unknown) => setError((failure as Error).message),
    );
  useEffect(() => {
    document.title = 'History · Ask Analyst';
    void load();
  }, []);
  return (
    <section>
      <h1>History</h1>
      {error && <p role="alert">{error}</p>}
      {next === undefined && !error && <p aria-busy="true">Loading…</p>}
      {next !== undefined && items.length === 0 && (
        <p>
          No conversations yet. <Link href="/ask">Ask a question</Link>.
        </p>
      )}
      <ul className="history">
        {items.map((conversation) => (
          <li
            key={conversation.id}
            data-testid="history-item"
            data-origin={conversation.origin?.kind ?? 'unknown'}
          >
            <Link href={`/conversations/${conversation.id}`}>{conversation.title}</Link>
            <p className="meta">
              <span className="origin" data-testid="origin">
                {originLabel(conversation)}
              </span>{' '}
              · {conversation.workspace.name} · {conversation.turnCount} turn
              {conversation.turnCount === 1 ? '' : 's'} ·{' '}
              <time dateTime={conversation.updatedAt}>
                {new Date(conversation.updatedAt).toLocaleString()}
              </time>
            </p>
          </li>
        ))}
      </ul>
      {next && (
        <button type="button" onClick={() => void load(next)}>
          More
        </button>
      )}
    </section>
  );
}
