import type { CallToolResult } from '@modelcontextprotocol/client';
import { createRoot, type Root } from 'react-dom/client';
import { Card } from '../src/card.js';
import { RecordedTools } from '../src/fixtures/recorded-tools.js';
import type { Scenario } from '../src/fixtures/scenario.js';
import { SCENARIOS } from '../src/fixtures/scenarios.js';
import { AnalysisController } from '../src/state/analysis-controller.js';
import '../src/styles.css';

// The browser tests' page (never built for the CDN): the card without a host, its tool calls
// answered by RecordedTools. A test mounts a recorded scenario, or results of its own.

interface MountOptions {
  scenario?: string;
  /** Results of a scenario of the test's own (the first is the start result). */
  results?: CallToolResult[];
  theme?: 'light' | 'dark';
  stepMs?: number;
}

declare global {
  interface Window {
    harness: { mount(options: MountOptions): void; unmount(): void; calls: () => string[] };
  }
}

let tools: RecordedTools | null = null;
let mounted: { root: Root; controller: AnalysisController } | null = null;

/** Takes the card off the page and stops its polls, so the page can show another (`mount`). */
function unmount(): void {
  mounted?.root.unmount();
  mounted?.controller.dispose();
  mounted = null;
  tools = null;
}

function mount(options: MountOptions): void {
  const scenarios = new Map<string, Scenario>(SCENARIOS);
  const name = options.scenario ?? 'custom';
  if (options.results) {
    scenarios.set(name, { name, title: name, input: {}, results: options.results });
  }
  const recorded = new RecordedTools(scenarios, { stepMs: options.stepMs ?? 600 });
  const controller = new AnalysisController((tool, args) => recorded.callTool(tool, args), {
    followWaitSeconds: 5,
  });
  const first = recorded.begin(name);
  document.documentElement.dataset.theme = options.theme ?? 'light';
  document.documentElement.style.colorScheme = options.theme ?? 'light';
  const root = document.getElementById('root');
  if (!root) return;
  unmount();
  tools = recorded;
  mounted = { root: createRoot(root), controller };
  mounted.root.render(<Card controller={controller} locale="en-US" />);
  controller.toolInput(first.input);
  controller.toolResult(first.result);
}

window.harness = { mount, unmount, calls: () => tools?.calls.map((call) => call.name) ?? [] };
