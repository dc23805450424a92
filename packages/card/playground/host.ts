import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { RecordedTools } from '../src/fixtures/recorded-tools.js';
import { SCENARIOS } from '../src/fixtures/scenarios.js';

// The playground plays the host of an MCP Apps client: it frames the card, speaks the MCP Apps
// protocol to it with AppBridge, and answers its tools/call from recorded results, or (with
// `dev --stack`) from the running stack's real tools. The card's page is served under the policy
// a host derives from the card's declared CSP (playground/stack/playground-plugin.ts): what it
// refuses is written to the log. Edits to the card hot-reload inside the frame.

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

function note(text: string, kind = ''): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  if (kind) item.className = kind;
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

type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** What the frame is given: a tool input and first result, and who answers its tool calls. */
interface Source {
  input: Record<string, unknown>;
  result: CallToolResult;
  callTool: CallTool;
}

/** A recorded scenario, its tool calls answered from the recordings. */
function recorded(name: string): Source {
  const tools = new RecordedTools(SCENARIOS);
  return { ...tools.begin(name), callTool: (tool, args) => tools.callTool(tool, args) };
}

/** The running stack's tools, through the dev server (signed in there). */
const stackTool: CallTool = async (name, args) => {
  const response = await fetch('/stack/call', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, arguments: args }),
  });
  const body = (await response.json()) as CallToolResult & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `the stack answered ${response.status}`);
  return body;
};

let bridge: AppBridge | null = null;
let current: () => Source = () => recorded(select.value);

function mount(): void {
  history.replaceState(
    null,
    '',
    `?scenario=${select.value}&theme=${theme.value}&width=${width.value}${params.has('stack') ? '&stack=1' : ''}`,
  );
  box.replaceChildren();
  box.classList.toggle('dark', theme.value === 'dark');
  const iframe = document.createElement('iframe');
  iframe.title = 'Ask Analyst card';
  iframe.style.width = `${width.value}px`;
  // The real card runs with sandbox="allow-scripts" only (the e2e test proves it); the dev server
  // needs same-origin for its module scripts and hot reload.
  iframe.sandbox.add('allow-scripts', 'allow-same-origin');
  iframe.src = '/index.html';
  iframe.addEventListener('load', () => void connect(iframe, current()));
  box.append(iframe);
}

async function connect(iframe: HTMLIFrameElement, source: Source): Promise<void> {
  const target = iframe.contentWindow;
  if (!target) return;
  // What the card's policy refused: in a real host this would break the same way.
  target.document.addEventListener('securitypolicyviolation', (event) => {
    note(`CSP refused ${event.effectiveDirective}: ${event.blockedURI || 'inline'}`, 'csp');
  });
  await bridge?.close().catch(() => undefined);
  const next = new AppBridge(
    null,
    { name: 'ask-analyst-playground', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: hostContext() },
  );
  bridge = next;
  next.oncalltool = async (call) => {
    note(`card → tools/call ${call.name} ${JSON.stringify(call.arguments ?? {})}`);
    const result = await source.callTool(call.name, call.arguments ?? {});
    const turn = (result.structuredContent as { turn?: { status?: string } } | undefined)?.turn;
    note(`host → ${call.name}: ${result.isError ? 'tool error' : (turn?.status ?? 'result')}`);
    return result;
  };
  next.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  next.oninitialized = () => {
    note(`card initialized; tool input ${JSON.stringify(source.input)}`);
    void next.sendToolInput({ arguments: source.input });
    // The tool result arrives a moment later, as it would from a real server.
    setTimeout(() => void next.sendToolResult(source.result), 600);
  };
  await next.connect(new PostMessageTransport(target, target));
}

select.addEventListener('change', () => {
  current = () => recorded(select.value);
  mount();
});
width.addEventListener('change', mount);
$<HTMLButtonElement>('replay').addEventListener('click', mount);
theme.addEventListener('change', () => {
  box.classList.toggle('dark', theme.value === 'dark');
  bridge?.setHostContext(hostContext());
});

/** `dev --stack`: sign in to the running stack, then ask its worksheets real questions. */
async function stackPanel(): Promise<void> {
  const status = (await (await fetch('/stack/status')).json()) as {
    stack: string | null;
    signedIn: boolean;
  };
  if (!status.stack) return;
  $('stack').hidden = false;
  $('stack-origin').textContent = status.stack;
  if (!status.signedIn) {
    $('sign-in').hidden = false;
    return;
  }
  const worksheet = $<HTMLSelectElement>('worksheet');
  const workbooks = (await stackTool('list_workbooks', { limit: 100 })).structuredContent as {
    workbooks: Array<{ id: string; name: string }>;
  };
  for (const workbook of workbooks.workbooks) {
    const read = (await stackTool('get_workbook', { workbookId: workbook.id }))
      .structuredContent as { worksheets?: Array<{ id: string; name: string }> };
    for (const sheet of read.worksheets ?? []) {
      worksheet.add(new Option(`${workbook.name} / ${sheet.name}`, sheet.id));
    }
  }
  for (const id of ['worksheet-label', 'question-label', 'ask']) $(id).hidden = false;
  note(`signed in to ${status.stack}; ${worksheet.options.length} worksheets`);
  $<HTMLFormElement>('stack').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = { question: $<HTMLInputElement>('question').value, worksheetId: worksheet.value };
    note(`host → start_analysis ${JSON.stringify(input)}`);
    void stackTool('start_analysis', { ...input, waitSeconds: 0 }).then((result) => {
      current = () => ({ input, result, callTool: stackTool });
      mount();
    });
  });
}

mount();
void stackPanel().catch((error: unknown) => note(`stack: ${(error as Error).message}`));
