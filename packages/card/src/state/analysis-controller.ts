import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  applyOutput,
  INITIAL_STATE,
  isActive,
  problemOfToolError,
  type CardProblem,
  type CardState,
} from './card-state.js';
import { readToolOutcome } from './tool-outcome.js';
import type { WorksheetChoice } from '../views/other-worksheets.js';

/** A `tools/call` the host proxies to the MCP server. */
export type CallTool = (
  name: string,
  args: Record<string, unknown>,
  options: { signal: AbortSignal },
) => Promise<CallToolResult>;

export interface ControllerOptions {
  /** `waitSeconds` of each `get_analysis` long poll (SPEC: 0–25). */
  followWaitSeconds?: number;
}

/**
 * The card's behaviour, apart from rendering: takes the tool input and result the host sends,
 * follows a running turn with `get_analysis` long polls, sends follow-ups (`continue_analysis`)
 * and cancellations (`cancel_analysis`), all through the host. React subscribes to its state.
 */
export class AnalysisController {
  private state: CardState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();
  private following: { turnId: string; abort: AbortController } | null = null;
  private readonly lifetime = new AbortController();
  private readonly followWaitSeconds: number;

  constructor(
    private readonly callTool: CallTool,
    options: ControllerOptions = {},
  ) {
    this.followWaitSeconds = options.followWaitSeconds ?? 25;
  }

  getState = (): CardState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `ui/notifications/tool-input`: the question, shown while the host waits for the result. */
  toolInput(args: Record<string, unknown> | undefined): void {
    const question = args?.question;
    if (typeof question === 'string' && this.state.turn === null) this.set({ question });
    const { workbookId, worksheetId } = args ?? {};
    if (typeof workbookId === 'string') this.set({ workbookId });
    if (typeof worksheetId === 'string') this.set({ worksheetId });
  }

  /** `ui/notifications/tool-result` of `start_analysis` / `continue_analysis` (or `get_analysis`). */
  toolResult(result: CallToolResult): void {
    this.take(result);
  }

  /** `ui/notifications/tool-cancelled`: the call that would have brought the result was cancelled. */
  toolCancelled(): void {
    if (this.state.turn === null) this.set({ hostCancelled: true });
  }

  /** Asks a follow-up in the same conversation; its turn replaces the view as soon as it exists. */
  async followUp(question: string): Promise<void> {
    const { conversation, turn, busy } = this.state;
    const text = question.trim();
    if (!conversation || !text || busy || isActive(turn)) return;
    this.set({ busy: 'follow-up', problem: null });
    // waitSeconds 0: the new turn comes back at once and the card follows it, so the running
    // view (with its cancel button) shows while the answer is being worked out.
    await this.request('continue_analysis', {
      conversationId: conversation.id,
      question: text,
      waitSeconds: 0,
    });
  }

  /** The worksheets of the workbook asked about (host-proxied `get_workbook`), for asking elsewhere. */
  async worksheets(): Promise<WorksheetChoice[]> {
    const { workbookId } = this.state;
    if (!workbookId) return [];
    const result = await this.callTool(
      'get_workbook',
      { workbookId },
      { signal: this.lifetime.signal },
    );
    const listed = (result.structuredContent as { worksheets?: unknown } | undefined)?.worksheets;
    if (result.isError || !Array.isArray(listed)) return [];
    return listed.flatMap((entry: unknown) => {
      const { id, name } = (entry ?? {}) as { id?: unknown; name?: unknown };
      return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : [];
    });
  }

  /**
   * Asks the question of another worksheet: a new conversation (host-proxied `start_analysis`
   * with its `worksheetId`, SPEC section 5), which the card then shows and follows.
   */
  async askWorksheet(question: string, worksheetId: string): Promise<void> {
    const { busy, turn } = this.state;
    const text = question.trim();
    if (!text || busy || isActive(turn)) return;
    this.set({ busy: 'follow-up', problem: null, worksheetId });
    await this.request('start_analysis', { question: text, worksheetId, waitSeconds: 0 });
  }

  /** Cancels the running turn. */
  async cancel(): Promise<void> {
    const { conversation, turn, busy } = this.state;
    if (!conversation || !isActive(turn) || busy) return;
    this.set({ busy: 'cancel', problem: null });
    await this.request('cancel_analysis', { conversationId: conversation.id, turnId: turn.id });
  }

  /** Starts following the current turn again after a problem interrupted it. */
  retry(): void {
    this.set({ problem: null });
    this.follow();
  }

  /** Stops every poll; the card is going away. */
  dispose(): void {
    this.lifetime.abort();
    this.following?.abort.abort();
    this.listeners.clear();
  }

  private async request(name: string, args: Record<string, unknown>): Promise<void> {
    try {
      const result = await this.callTool(name, args, { signal: this.lifetime.signal });
      this.set({ busy: null });
      this.take(result);
    } catch (error) {
      this.set({ busy: null, problem: hostProblem(error) });
    }
  }

  private take(result: CallToolResult): boolean {
    const outcome = readToolOutcome(result);
    if (outcome.kind === 'analysis') {
      this.state = applyOutput(this.state, outcome.output);
      this.emit();
      this.follow();
      return true;
    }
    this.set({
      problem:
        outcome.kind === 'tool-error'
          ? problemOfToolError(outcome.error)
          : { code: 'unreadable_result', message: outcome.message, retryable: false },
    });
    return false;
  }

  private follow(): void {
    const { conversation, turn } = this.state;
    if (!conversation || !isActive(turn) || this.lifetime.signal.aborted) return;
    if (this.following?.turnId === turn.id) return;
    this.following?.abort.abort();
    const abort = new AbortController();
    this.following = { turnId: turn.id, abort };
    void this.poll(conversation.id, turn.id, abort).finally(() => {
      if (this.following?.abort === abort) this.following = null;
    });
  }

  private async poll(
    conversationId: string,
    turnId: string,
    abort: AbortController,
  ): Promise<void> {
    const signal = AbortSignal.any([abort.signal, this.lifetime.signal]);
    while (!signal.aborted) {
      const turn = this.state.turn;
      if (!turn || turn.id !== turnId || !isActive(turn)) return;
      const askedAt = Date.now();
      let result: CallToolResult;
      try {
        result = await this.callTool(
          'get_analysis',
          { conversationId, turnId, waitSeconds: this.followWaitSeconds },
          { signal },
        );
      } catch (error) {
        if (!signal.aborted) this.set({ problem: hostProblem(error) });
        return;
      }
      if (signal.aborted) return;
      const before = this.state.turn;
      if (!this.take(result)) return;
      // A host or server that answers a long poll at once, unchanged, is not asked again at once.
      if (this.state.turn === before && Date.now() - askedAt < MIN_POLL_MS) {
        await sleep(MIN_POLL_MS, signal);
      }
    }
  }

  private set(patch: Partial<CardState>): void {
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const MIN_POLL_MS = 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function hostProblem(error: unknown): CardProblem {
  return {
    code: 'host_unreachable',
    message: error instanceof Error ? error.message : String(error),
    retryable: true,
  };
}
