import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import {
  JsonRpcResponseError,
  resultFromTaskOutcome,
  type TaskEnabledSession,
  type ToolExecution,
} from '@modelcontextprotocol/ext-tasks/client';
import { taskId as asTaskId } from '@modelcontextprotocol/ext-tasks/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestOAuthClient } from './fixtures/oauth-client.js';
import { startReplica } from './fixtures/replica.js';
import { startSlowModel, type SlowModel } from './fixtures/slow-model.js';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs, type Connection } from './flows/connect.js';
import { HttpRefusal, openTaskSession, rawDispatch, type TaskSession } from './flows/tasks.js';

interface AnalysisResult {
  conversation: { id: string };
  turn: { id: string; status: string; answer?: { table: { rows: unknown[][] } } };
}

/** The 2026-07-28 per-request envelope of a hand-made task request (declaring the extension). */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'e2e-poller', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

/** The tool-call limit of this file's stack: a poll every 4 s is the suggested pace (a quarter). */
const TOOL_CALLS_PER_MINUTE = 60;

/**
 * Long analyses as MCP Tasks (SPEC section 4; tasks extension of 2026-07-28), driven by the
 * extension's reference requester against the real stack, signed in through the real OAuth flow.
 * A model that holds its planning requests (`startSlowModel`) keeps an analysis running for as
 * long as a test needs.
 */
describe('long analyses as MCP tasks', () => {
  let model: SlowModel;
  const settings: Record<string, string> = {};
  // Registered before the world's, so the world starts with the model's address in its settings.
  beforeAll(async () => {
    model = await startSlowModel();
    Object.assign(settings, {
      ANALYST_MODEL_URL: model.url,
      ANALYST_MODEL: 'slow-test-model',
      ANALYST_MODEL_TIMEOUT_SECONDS: '100',
      TOOL_CALLS_PER_MINUTE: String(TOOL_CALLS_PER_MINUTE),
    });
  });
  const world = useE2eWorld({ settings });
  afterAll(async () => {
    await model?.close();
  });

  let alan: Connection;
  let alanSession: TaskSession;
  let alanTasks: TaskEnabledSession;
  let workbookId: string;
  const tokenOf = (connection: Connection) => () => ({
    mcpUrl: world.stack.mcpUrl,
    token: connection.oauth.tokens()?.access_token ?? '',
  });

  beforeAll(async () => {
    alan = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'alan@acme.test',
    });
    alanSession = await openTaskSession(world.stack.mcpUrl, alan.oauth, tokenOf(alan));
    alanTasks = alanSession.session;
    const listed = await alan.client.callTool({
      name: 'list_workbooks',
      arguments: { query: 'Automobiles' },
    });
    workbookId = (listed.structuredContent as { workbooks: Array<{ id: string }> }).workbooks[0]!
      .id;
  });
  afterAll(async () => {
    await alanSession?.close();
    await alan?.client.close();
  });

  /** Starts an analysis held at the model, as a task; resolves once the turn is running. */
  async function heldAnalysis(question = 'Average miles per gallon by year') {
    model.hold();
    const before = model.received;
    const execution = await alanTasks.callTool(
      'start_analysis',
      { question, workbookId },
      { task: { preference: 'require' } },
    );
    if (execution.kind !== 'task') throw new Error('expected a task');
    await until(() => model.received > before);
    return execution;
  }

  async function answerOf(execution: ToolExecution<unknown>) {
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome) as { structuredContent: AnalysisResult };
    return result.structuredContent;
  }

  it('answers a long analysis as a task, polled to its answer', async () => {
    const execution = await heldAnalysis();
    if (execution.kind !== 'task') throw new Error('expected a task');
    const taskId = execution.handle.taskId;
    expect(taskId).toMatch(/^turn_/);
    const working = await alanTasks.task(taskId).snapshot();
    expect(working.status).toBe('working');
    expect(working.statusMessage).toBeTruthy();
    // The suggested pace keeps a polling client at a quarter of the per-user limit.
    expect(working.suggestedPollIntervalMs).toBe((4 * 60_000) / TOOL_CALLS_PER_MINUTE);
    expect(working.retentionMs).toBe(365 * 86_400_000);

    model.release();
    const answer = await answerOf(execution);
    expect(answer.turn).toMatchObject({ id: taskId, status: 'succeeded' });
    expect(answer.turn.answer?.table.rows.length).toBeGreaterThan(5);
  });

  it('cancels the task mid-way: the turn ends cancelled', async () => {
    const execution = await heldAnalysis('Average horsepower by origin');
    if (execution.kind !== 'task') throw new Error('expected a task');
    await execution.cancel();
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe('cancelled');
    model.release();
    const seen = await alan.client.callTool({
      name: 'get_analysis',
      arguments: {
        conversationId: await conversationOf(execution.handle.taskId),
        turnId: execution.handle.taskId,
      },
    });
    expect((seen.structuredContent as AnalysisResult).turn.status).toBe('cancelled');
  });

  it('reaches the answer with the same task id after the server restarts mid-task', async () => {
    const execution = await heldAnalysis('Average weight by cylinders');
    if (execution.kind !== 'task') throw new Error('expected a task');
    const reference = execution.serializeReference();
    await execution.detach();
    const before = model.received;
    const restarting = world.restartStack();
    // The restarted server runs the re-queued turn again: its planning request is held too.
    await until(() => model.received > before, 60_000);
    await restarting;
    model.release();
    const resumed = await alanTasks.resumeTask(reference);
    const answer = await answerOf(resumed);
    expect(answer.turn).toMatchObject({ id: reference.taskId, status: 'succeeded' });
  });

  it('is answered by a second replica on the same database', async () => {
    const replica = await startReplica(world.stack);
    const replicaSession = await openTaskSession(
      world.stack.mcpUrl,
      alan.oauth,
      () => ({ ...tokenOf(alan)(), mcpUrl: replica.url }),
      'ask-analyst-e2e-replica',
    );
    const viaReplica = replicaSession.session;
    try {
      const execution = await heldAnalysis('Average acceleration by year');
      if (execution.kind !== 'task') throw new Error('expected a task');
      const taskId = execution.handle.taskId;
      await execution.detach();
      expect((await viaReplica.task(taskId).snapshot()).status).toBe('working');
      model.release();
      const outcome = await viaReplica.task(taskId).result();
      const answer = resultFromTaskOutcome(outcome) as unknown as {
        structuredContent: AnalysisResult;
      };
      expect(answer.structuredContent.turn).toMatchObject({ id: taskId, status: 'succeeded' });
    } finally {
      await replicaSession.close();
      await replica.close();
    }
  });

  it("answers another user's task id exactly as a made-up one, and a read-only token cannot cancel", async () => {
    const execution = await heldAnalysis('Average displacement by origin');
    if (execution.kind !== 'task') throw new Error('expected a task');
    const taskId = execution.handle.taskId;

    const ada = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'ada@acme.test',
    });
    const adaSession = await openTaskSession(
      world.stack.mcpUrl,
      ada.oauth,
      tokenOf(ada),
      'ask-analyst-e2e-ada',
    );
    const adaTasks = adaSession.session;
    const refusal = async (id: string) => {
      const error = await adaTasks
        .task(asTaskId(id))
        .snapshot()
        .then(
          () => null,
          (e: unknown) => e,
        );
      if (!(error instanceof JsonRpcResponseError)) throw new Error(`expected a JSON-RPC error`);
      return error.response;
    };
    const theirs = await refusal(taskId);
    expect(theirs).toEqual(await refusal('turn_madeup0000000000000000'));
    expect(theirs).toMatchObject({ code: -32602, data: { code: 'not_found' } });
    await adaSession.close();
    await ada.client.close();

    const readOnly = await connectAs(
      world.stack.mcpUrl,
      world.browser,
      world.receiver,
      { email: 'alan@acme.test', readOnly: true },
      new TestOAuthClient({ redirectUrl: world.receiver.url }),
    );
    expect(readOnly.oauth.tokens()?.scope).not.toContain('analyses.write');
    const readOnlySession = await openTaskSession(
      world.stack.mcpUrl,
      readOnly.oauth,
      tokenOf(readOnly),
      'ask-analyst-e2e-ro',
    );
    const readOnlyTasks = readOnlySession.session;
    expect((await readOnlyTasks.task(taskId).snapshot()).status).toBe('working');
    const cancelled = await readOnlyTasks
      .task(taskId)
      .cancel()
      .then(
        () => null,
        (e: unknown) => e,
      );
    // The requester wraps what its raw request path threw.
    const refused = (cancelled as Error | null)?.cause;
    expect(refused).toBeInstanceOf(HttpRefusal);
    expect((refused as HttpRefusal).status).toBe(403);
    expect((refused as HttpRefusal).challenge).toContain('error="insufficient_scope"');
    expect((refused as HttpRefusal).challenge).toContain('scope="analyses.write"');
    await readOnlySession.close();
    await readOnly.client.close();

    model.release();
    expect((await answerOf(execution)).turn.status).toBe('succeeded');
  });

  it('polled eight times faster than suggested for a minute: within the limit, else rate_limited with the wait', async () => {
    const execution = await heldAnalysis('Average miles per gallon by cylinders');
    if (execution.kind !== 'task') throw new Error('expected a task');
    const taskId = execution.handle.taskId;
    await execution.detach();
    const suggested = (await alanTasks.task(taskId).snapshot()).suggestedPollIntervalMs ?? 0;
    const dispatch = rawDispatch(tokenOf(alan));
    const answers: Array<{ at: number; ok: boolean; retryAfterSeconds?: number }> = [];
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const answer = await dispatch({ method: 'tasks/get', params: { taskId, _meta: ENVELOPE } });
      if (answer.kind === 'result') {
        expect(answer.result).toMatchObject({ taskId, status: 'working' });
        answers.push({ at: Date.now(), ok: true });
      } else {
        const data = answer.error.data as { code: string; retryAfterSeconds: number };
        expect(data.code).toBe('rate_limited');
        expect(data.retryAfterSeconds).toBeGreaterThan(0);
        answers.push({ at: Date.now(), ok: false, retryAfterSeconds: data.retryAfterSeconds });
      }
      await sleep(suggested / 8);
    }
    // Twice the limit at this pace (the suggested one is a quarter of it): refused calls say the wait.
    expect(answers.some((a) => !a.ok)).toBe(true);
    // Per-user limits count in fixed one-minute windows: before the first refusal no more
    // calls succeeded than the limit, and the wait a refusal names is true (one second of rounding).
    const firstRefused = answers.findIndex((a) => !a.ok);
    expect(answers.slice(0, firstRefused).length).toBeLessThanOrEqual(TOOL_CALLS_PER_MINUTE);
    for (const refused of answers.filter((a) => !a.ok)) {
      const waitEnds = refused.at + ((refused.retryAfterSeconds ?? 0) - 1) * 1000;
      expect(answers.some((a) => a.ok && a.at > refused.at && a.at < waitEnds)).toBe(false);
    }
    model.release();
  }, 180_000);

  /** The conversation of one of Alan's turns, from his history. */
  async function conversationOf(turnId: string): Promise<string> {
    const listed = await (alan.client as Client).callTool({
      name: 'list_analyses',
      arguments: { limit: 10 },
    });
    const conversations = (listed.structuredContent as { conversations: Array<{ id: string }> })
      .conversations;
    for (const { id } of conversations) {
      const got = await alan.client.callTool({
        name: 'get_analysis',
        arguments: { conversationId: id, turnId },
      });
      if (!got.isError) return id;
    }
    throw new Error(`no conversation holds ${turnId}`);
  }
});

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}
