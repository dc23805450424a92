import type { CallToolResult } from '@modelcontextprotocol/client';
import { createRoot } from 'react-dom/client';
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
    harness: { mount(options: MountOptions): void; calls: () => string[] };
  }
}

let tools: RecordedTools | null = null;

function mount(options: MountOptions): void {
  const scenarios = new Map<string, Scenario>(SCENARIOS);
  const name = options.scenario ?? 'custom';
  if (options.results) {
    scenarios.set(name, { name, title: name, input: {}, results: options.results });
  }
  const recorded = new RecordedTools(scenarios, { stepMs: options.stepMs ?? 600 });
  tools = recorded;
  const controller = new AnalysisController((tool, args) => recorded.callTool(tool, args), {
    followWaitSeconds: 5,
  });
  const first = recorded.begin(name);
  document.documentElement.dataset.theme = options.theme ?? 'light';
  document.documentElement.style.colorScheme = options.theme ?? 'light';
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(<Card controller={controller} locale="en-US" />);
  controller.toolInput(first.input);
  controller.toolResult(first.result);
}

window.harness = { mount, calls: () => tools?.calls.map((call) => call.name) ?? [] };
