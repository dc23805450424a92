import { PostMessageTransport } from '@modelcontextprotocol/ext-apps';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Card } from './card.js';
import { connectCard, type ConnectedCard } from './host/connect-app.js';
import './styles.css';

function Root({ connected }: { connected: ConnectedCard }) {
  const locale = useSyncExternalStore(
    (listener) => connected.onContext(listener),
    () => connected.locale(),
  );
  return <Card controller={connected.controller} locale={locale} />;
}

const root = document.getElementById('root');
if (root) {
  connectCard(new PostMessageTransport(window.parent, window.parent))
    .then((connected) => {
      createRoot(root).render(
        <StrictMode>
          <Root connected={connected} />
        </StrictMode>,
      );
    })
    .catch((error: unknown) => {
      root.textContent = `The Ask Analyst card could not reach its host: ${
        error instanceof Error ? error.message : String(error)
      }`;
    });
}
