import { AppBridge, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card } from './card.js';
import { RecordedTools } from './fixtures/recorded-tools.js';
import { SCENARIOS, scenario } from './fixtures/scenarios.js';
import { connectCard, type ConnectedCard } from './host/connect-app.js';
import { recordedAnswer, recordedOutput, recordedTurn } from './test-support/recorded.js';

/**
 * The card against a host played with ext-apps' AppBridge over an in-memory MCP Apps connection;
 * the host answers tools/call from recorded results (RecordedTools), as the playground does.
 */
async function hostWith(scenarioName: string, context: McpUiHostContext = { theme: 'light' }) {
  const tools = new RecordedTools(SCENARIOS, { stepMs: 20 });
  const bridge = new AppBridge(
    null,
    { name: 'test-host', version: '1.0.0' },
    { serverTools: {} },
    {
      hostContext: context,
    },
  );
  bridge.oncalltool = (params) => tools.callTool(params.name, params.arguments ?? {});
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  const [hostSide, cardSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(hostSide);
  const card = await connectCard(cardSide);
  await initialized;
  const { input, result } = tools.begin(scenarioName);
  render(<Card controller={card.controller} locale="en-US" />);
  return { bridge, card, tools, input, result };
}

let open: ConnectedCard | null = null;
afterEach(async () => {
  open?.controller.dispose();
  await open?.app.close();
  open = null;
});

describe('the card with a host', () => {
  it('shows the question from the tool input, follows a running turn to its answer through get_analysis', async () => {
    const host = await hostWith('running');
    open = host.card;
    await act(() => host.bridge.sendToolInput({ arguments: host.input }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(host.input.question);
    expect(screen.getByTestId('status').dataset.status).toBe('waiting');
    await act(() => host.bridge.sendToolResult(host.result));
    await waitFor(() => expect(screen.getByTestId('status').dataset.status).toBe('running'));
    expect(screen.getByTestId('announcement').textContent).toBe('');
    await waitFor(() => expect(screen.getByTestId('status').dataset.status).toBe('succeeded'));
    const { summary } = recordedAnswer('running');
    expect(screen.getByTestId('summary').textContent).toBe(summary);
    // The finished answer is announced (a live region), with the status in words.
    const announced = screen.getByTestId('announcement');
    expect(announced.getAttribute('aria-live')).toBe('polite');
    expect(announced.textContent).toMatch(/^Answered(, with assumptions)?: /);
    expect(announced.textContent).toContain(summary);
    expect(screen.getByTestId('chart').querySelector('svg')).not.toBeNull();
    const polls = host.tools.calls.filter((c) => c.name === 'get_analysis');
    // One poll for each recorded state after the first.
    expect(polls).toHaveLength(SCENARIOS.get('running')!.results.length - 1);
    expect(polls[0]?.arguments).toMatchObject({
      turnId: recordedTurn('running').id,
      waitSeconds: 25,
    });
  });

  it('sends a follow-up through the host and shows its answer in place of the last one', async () => {
    const host = await hostWith('answer-bar');
    open = host.card;
    await act(() => host.bridge.sendToolResult(host.result));
    fireEvent.change(screen.getByTestId('follow-up-input'), {
      target: { value: 'How many flights were there each month?' },
    });
    fireEvent.click(screen.getByTestId('follow-up-submit'));
    await waitFor(() => expect(screen.getByTestId('status').dataset.status).toBe('succeeded'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'How many flights were there each month?',
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('summary').textContent).toBe(recordedAnswer('answer-line').summary),
    );
    const call = host.tools.calls.find((c) => c.name === 'continue_analysis');
    expect(call?.arguments).toEqual({
      conversationId: recordedOutput('answer-bar').conversation.id,
      question: 'How many flights were there each month?',
      waitSeconds: 0,
    });
    expect(screen.getByText(/question 2/)).toBeDefined();
    // The first question and its answer stay above the latest, collapsed.
    const earlier = screen.getAllByTestId('earlier-turn');
    expect(earlier).toHaveLength(1);
    expect((earlier[0] as HTMLDetailsElement).open).toBe(false);
    expect(earlier[0]?.querySelector('summary')?.textContent).toContain(
      recordedTurn('answer-bar').question,
    );
    expect(earlier[0]?.textContent).toContain(recordedAnswer('answer-bar').summary);
    const input = screen.getByTestId<HTMLInputElement>('follow-up-input');
    expect(input.placeholder).not.toContain('SFO');
  });

  it('cancels a running turn through the host', async () => {
    const host = await hostWith('queued');
    open = host.card;
    await act(() => host.bridge.sendToolResult(host.result));
    expect(screen.getByTestId('status').dataset.status).toBe('queued');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('status').dataset.status).toBe('cancelled'));
    expect(screen.getByTestId('error').textContent).toContain('The analysis was cancelled.');
    expect(host.tools.calls.map((c) => c.name)).toContain('cancel_analysis');
  });

  it('shows a tool error with what to do, and follows the host theme', async () => {
    const host = await hostWith('tool-error', { theme: 'dark' });
    open = host.card;
    expect(document.documentElement.dataset.theme).toBe('dark');
    await act(() => host.bridge.sendToolResult(host.result));
    expect(screen.getByTestId('status').dataset.status).toBe('failed');
    expect(screen.getByTestId('error').textContent).toContain('Too many requests');
    const error = scenario('tool-error').results[0]?.structuredContent as {
      error: { retryAfterSeconds: number };
    };
    expect(screen.getByTestId('error').textContent).toContain(`${error.error.retryAfterSeconds} s`);
    expect(screen.queryByTestId('follow-up-input')).toBeNull();
    await act(async () => {
      host.bridge.setHostContext({ theme: 'light' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('refuses a result that is not an Ask Analyst turn', async () => {
    const host = await hostWith('answer-kpi');
    open = host.card;
    await act(() =>
      host.bridge.sendToolResult({
        content: [{ type: 'text', text: 'hello' }],
        structuredContent: { turn: { status: '<b>bold</b>' } },
      }),
    );
    expect(screen.getByTestId('error').textContent).toContain('could not read the answer');
  });
});
