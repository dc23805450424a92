import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { RecordedTools } from '../src/fixtures/recorded-tools.js';
import { SCENARIOS } from '../src/fixtures/scenarios.js';

// The playground plays the host of an MCP Apps client: it frames the card, speaks the MCP Apps
// protocol to it with AppBridge, and answers its tools/call from recorded results. Edits to the
// card hot-reload inside the frame; every reload (or Replay) starts the chosen scenario again.

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const select = $<HTMLSelectElement>('scenario');
const theme = $<HTMLSelectElement>('theme');
const width = $<HTMLSelectElement>('width');
const box = $<HTMLDivElement>('frame-box');
const log = $<HTMLOListElement>('log');

for (const [name, scenario] of SCENARIOS) select.add(new Option(scenario.title, name));
const params = new URLSearchParams(location.search);
select.value = params.get('scenario') ?? 'answer-bar';
theme.value = params.get('theme') ?? 'light';
width.value = params.get('width') ?? '720';

function note(text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  log.append(item);
  item.scrollIntoView({ block: 'nearest' });
}

function hostContext(): McpUiHostContext {
  return {
    theme: theme.value === 'dark' ? 'dark' : 'light',
    locale: navigator.language,
    displayMode: 'inline',
    platform: 'web',
    containerDimensions: { width: Number(width.value), maxHeight: 4000 },
  };
}

let bridge: AppBridge | null = null;

function mount(): void {
  const name = select.value;
  history.replaceState(null, '', `?scenario=${name}&theme=${theme.value}&width=${width.value}`);
  box.replaceChildren();
  box.classList.toggle('dark', theme.value === 'dark');
  const iframe = document.createElement('iframe');
  iframe.title = 'Ask Analyst card';
  iframe.style.width = `${width.value}px`;
  // The real card runs with sandbox="allow-scripts" only (the e2e test proves it); the dev server
  // needs same-origin for its module scripts and hot reload.
  iframe.sandbox.add('allow-scripts', 'allow-same-origin');
  iframe.src = '/index.html';
  iframe.addEventListener('load', () => void connect(iframe, name));
  box.append(iframe);
}

async function connect(iframe: HTMLIFrameElement, name: string): Promise<void> {
  const target = iframe.contentWindow;
  if (!target) return;
  await bridge?.close().catch(() => undefined);
  const tools = new RecordedTools(SCENARIOS);
  const current = new AppBridge(
    null,
    { name: 'ask-analyst-playground', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: hostContext() },
  );
  bridge = current;
  current.oncalltool = async (call) => {
    note(`card → tools/call ${call.name} ${JSON.stringify(call.arguments ?? {})}`);
    const result = await tools.callTool(call.name, call.arguments ?? {});
    const turn = (result.structuredContent as { turn?: { status?: string } } | undefined)?.turn;
    note(`host → ${call.name}: ${result.isError ? 'tool error' : (turn?.status ?? 'result')}`);
    return result;
  };
  current.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  current.oninitialized = () => {
    const { input, result } = tools.begin(name);
    note(`card initialized; tool input ${JSON.stringify(input)}`);
    void current.sendToolInput({ arguments: input });
    // The tool result arrives a moment later, as it would from a real server.
    setTimeout(() => void current.sendToolResult(result), 600);
  };
  await current.connect(new PostMessageTransport(target, target));
}

select.addEventListener('change', mount);
width.addEventListener('change', mount);
$<HTMLButtonElement>('replay').addEventListener('click', mount);
theme.addEventListener('change', () => {
  box.classList.toggle('dark', theme.value === 'dark');
  history.replaceState(
    null,
    '',
    `?scenario=${select.value}&theme=${theme.value}&width=${width.value}`,
  );
  bridge?.setHostContext(hostContext());
});
mount();
