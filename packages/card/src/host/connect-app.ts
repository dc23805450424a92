import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
  type PostMessageTransport,
} from '@modelcontextprotocol/ext-apps';
import type { Transport } from '@modelcontextprotocol/client';
import { AnalysisController } from '../state/analysis-controller.js';

/** Long polls of `get_analysis` wait up to 25 s; the host's answer gets this much in all. */
const CALL_TIMEOUT_MS = 60_000;

export interface ConnectedCard {
  app: App;
  controller: AnalysisController;
  /** The host's locale (for numbers and dates), when it gave one. */
  locale(): string | undefined;
  /** Calls the listener whenever the host context changes. */
  onContext(listener: () => void): () => void;
}

/** Applies the host's theme (light/dark) and its style variables; host fonts are never loaded. */
export function applyHostContext(context: McpUiHostContext | undefined): void {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * Connects the card to its host over the MCP Apps protocol: listeners first (so no notification
 * is missed), then the `ui/initialize` handshake, which also starts size reporting. Tool calls go
 * through the host (`callServerTool`); the card opens no other connection.
 */
export async function connectCard(
  transport: Transport | PostMessageTransport,
): Promise<ConnectedCard> {
  const app = new App({ name: 'ask-analyst-card', version: '1.0.0' }, {}, { autoResize: true });
  const controller = new AnalysisController((name, args, { signal }) =>
    app.callServerTool({ name, arguments: args }, { signal, timeout: CALL_TIMEOUT_MS }),
  );
  const contextListeners = new Set<() => void>();
  app.addEventListener('toolinput', (params) => controller.toolInput(params.arguments));
  app.addEventListener('toolresult', (result) => controller.toolResult(result));
  app.addEventListener('toolcancelled', () => controller.toolCancelled());
  app.addEventListener('hostcontextchanged', () => {
    applyHostContext(app.getHostContext());
    for (const listener of contextListeners) listener();
  });
  app.onteardown = async () => {
    controller.dispose();
    return {};
  };
  await app.connect(transport);
  applyHostContext(app.getHostContext());
  return {
    app,
    controller,
    locale: () => app.getHostContext()?.locale,
    onContext(listener) {
      contextListeners.add(listener);
      return () => contextListeners.delete(listener);
    },
  };
}
