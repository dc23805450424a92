import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { RecordedTools } from '../src/fixtures/recorded-tools.js';
import { SCENARIOS } from '../src/fixtures/scenarios.js';
import { cspOf } from './csp.js';

export { cspOf } from './csp.js';

export interface MountOptions {
  /** The resource's HTML as `resources/read` returned it. */
  html: string;
  csp: { resourceDomains?: string[]; connectDomains?: string[] };
  theme: 'light' | 'dark';
  width: number;
  /**
   * Where the card's tools/call go: `recorded` answers from RecordedTools (the test-only stand-in
   * for the Ask Analyst tools), `server` forwards to `window.callServerTool`, which the test
   * exposes and which calls the real MCP server with a signed-in client.
   */
  tools: 'recorded' | 'server';
  /** The recorded scenario whose tool input and first result the host sends. */
  scenario?: string;
  /** Or a tool input and result of the test's own (e.g. from a real start_analysis). */
  input?: Record<string, unknown>;
  result?: CallToolResult;
}

declare global {
  interface Window {
    callServerTool?: (params: {
      name: string;
      arguments: Record<string, unknown>;
    }) => Promise<CallToolResult>;
    cardHost?: { mount(options: MountOptions): Promise<void>; calls: string[] };
  }
}

/**
 * A test host for the card's end-to-end test: frames the resource's HTML in an iframe with
 * `sandbox="allow-scripts"` and the CSP the resource declares, and plays the host with AppBridge.
 */
async function mount(options: MountOptions): Promise<void> {
  const iframe = document.createElement('iframe');
  iframe.title = 'Ask Analyst card';
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = `width:${options.width}px;height:200px;border:0;display:block`;
  // The resource's own HTML with the declared policy in front: every load the frame makes is held
  // to `_meta.ui.csp` (the frame's document itself is not fetched from anywhere).
  const policy = `<meta http-equiv="Content-Security-Policy" content="${cspOf(options.csp)}">`;
  iframe.srcdoc = options.html.replace(/<head>/i, `<head>\n${policy}`);
  document.body.style.background = options.theme === 'dark' ? '#15181c' : '#ffffff';
  document.body.style.margin = '0';
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  document.body.replaceChildren(iframe);
  await loaded;
  const target = iframe.contentWindow as Window;

  const recorded = new RecordedTools(SCENARIOS, { stepMs: 1500 });
  const first = options.scenario ? recorded.begin(options.scenario) : null;
  const context: McpUiHostContext = {
    theme: options.theme,
    locale: 'en-US',
    displayMode: 'inline',
    platform: 'web',
    containerDimensions: { width: options.width, maxHeight: 6000 },
  };
  const bridge = new AppBridge(
    null,
    { name: 'ask-analyst-e2e-host', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: context },
  );
  bridge.oncalltool = async (params) => {
    const args = params.arguments ?? {};
    window.cardHost?.calls.push(params.name);
    if (options.tools === 'recorded') return recorded.callTool(params.name, args);
    if (!window.callServerTool) throw new Error('the test exposed no callServerTool');
    return window.callServerTool({ name: params.name, arguments: args });
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  window.cardHost?.calls.splice(0);
  await bridge.connect(new PostMessageTransport(target, target));
  const input = first?.input ?? options.input ?? {};
  const result = first?.result ?? options.result;
  // Sent once the card has initialized; a card that never loads (a CSP refusing its assets)
  // simply never gets them.
  void initialized.then(async () => {
    await bridge.sendToolInput({ arguments: input });
    if (result) await bridge.sendToolResult(result);
  });
}

window.cardHost = { mount, calls: [] };
