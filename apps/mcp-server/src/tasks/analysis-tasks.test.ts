import type { AnalysisOutput } from '@ask-analyst/protocol';
import { eventually, gatedEngine, type GatedEngine } from '@ask-analyst/service/testing';
import {
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  TASKS_EXTENSION_ID_V2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { LightMyRequestResponse } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERN_REVISION } from '../mcp/exchange-route.js';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool, dataOf, rpcMessages } from '../test-support/mcp-call.js';

const TASKS = { extensions: { [TASKS_EXTENSION_ID_V2]: {} } };

let nextId = 1;

/** POST /mcp of a 2026-07-28 request; `tasks` declares the tasks extension in its envelope. */
function post(
  app: TestApp['app'],
  token: string,
  method: string,
  params: Record<string, unknown>,
  options: { tasks?: boolean; legacy?: boolean } = {},
): Promise<LightMyRequestResponse> {
  if (options.legacy) {
    return app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(token),
      payload: { jsonrpc: '2.0', id: nextId++, method, params },
    });
  }
  const name = typeof params.name === 'string' ? params.name : undefined;
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: mcpHeaders(token, {
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    }),
    payload: {
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
          [CLIENT_INFO_META_KEY]: { name: 'tasks-test', version: '1.0.0' },
          [CLIENT_CAPABILITIES_META_KEY]: options.tasks === false ? {} : TASKS,
        },
      },
    },
  });
}

/** The JSON-RPC answer (result or error) of a response. */
function answerOf(response: LightMyRequestResponse): Record<string, unknown> {
  expect(response.statusCode, response.body).toBe(200);
  const message = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
  if (!message) throw new Error(`no answer in ${response.body}`);
  return message;
}

function resultOf(response: LightMyRequestResponse): Record<string, unknown> {
  const answer = answerOf(response);
  if (!('result' in answer)) throw new Error(`expected a result: ${JSON.stringify(answer)}`);
  return answer.result as Record<string, unknown>;
}

describe('long analyses as MCP tasks (tasks extension, 2026-07-28)', () => {
  let demo: DemoApp;
  let gate: GatedEngine;
  let replica: TestApp;
  beforeAll(async () => {
    demo = await createDemoApp();
    gate = gatedEngine(demo.engine);
    replica = await createTestApp(
      { TOOL_CALLS_PER_MINUTE: '40' },
      { world: { db: demo.db, engine: gate.engine } },
    );
  });
  afterAll(async () => {
    gate?.release();
    await replica?.close();
    await demo?.close();
  });

  const token = (user: 'ada' | 'alan' | 'grace', scope?: string) =>
    replica.issuer.mint(demo.users[user].id, {
      claims: { org: demo.users[user].orgId, ...(scope ? { scope } : {}) },
    });

  /** Starts an analysis held at the gate, as a task; returns the task result. */
  async function heldTask(user: 'ada' | 'alan' = 'alan') {
    const workbookId = await demo.workbookId('Penguins');
    const bearer = await token(user);
    // Warm the worksheet so the gate holds the answer's query only.
    await callTool(replica.app, bearer, 'start_analysis', {
      question: 'How many penguins?',
      workbookId,
    });
    gate.hold();
    const created = resultOf(
      await post(replica.app, bearer, 'tools/call', {
        name: 'start_analysis',
        arguments: { question: 'Average body mass by species', workbookId },
      }),
    );
    await eventually(() => gate.waiting() === 1);
    return { created, bearer };
  }

  it('advertises the extension in server/discover on 2026-07-28 only', async () => {
    const bearer = await token('alan');
    const discovered = resultOf(await post(replica.app, bearer, 'server/discover', {}));
    expect(discovered).toMatchObject({ capabilities: { extensions: TASKS.extensions } });
    const initialized = resultOf(
      await post(
        replica.app,
        bearer,
        'initialize',
        {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'legacy', version: '1.0.0' },
        },
        { legacy: true },
      ),
    );
    expect(initialized.capabilities).not.toHaveProperty('extensions');
    expect(initialized.capabilities).not.toHaveProperty('tasks');
  });

  it('answers start_analysis with a task at once, polled with tasks/get to the tool result', async () => {
    const { created, bearer } = await heldTask();
    const task = CreateTaskResultV2Schema.parse(created);
    expect(task).toMatchObject({ resultType: 'task', status: 'working' });
    expect(task.taskId).toMatch(/^turn_/);
    // 40 tool calls a minute: a poll every 6 s uses a quarter of them.
    expect(task.pollIntervalMs).toBe(6_000);
    expect(task.ttlMs).toBe(365 * 86_400_000);
    // The SDK checks tools/call results as CallToolResults: the turn as it stands rides along.
    expect((created.structuredContent as AnalysisOutput).turn.id).toBe(task.taskId);

    const working = GetTaskResultV2Schema.parse(
      resultOf(await post(replica.app, bearer, 'tasks/get', { taskId: task.taskId })),
    );
    expect(working).toMatchObject({ status: 'working', taskId: task.taskId });
    expect(working.statusMessage).toBeTruthy();

    gate.release();
    let done = working;
    for (let poll = 0; poll < 40 && done.status === 'working'; poll += 1) {
      // Well under the limit of this file's replica (40 calls a minute, a frozen clock).
      await sleep(300);
      done = GetTaskResultV2Schema.parse(
        resultOf(await post(replica.app, bearer, 'tasks/get', { taskId: task.taskId })),
      );
    }
    if (done.status !== 'completed') throw new Error(`expected completed: ${done.status}`);
    expect(done.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text' }] });
    const output = done.result.structuredContent as AnalysisOutput;
    expect(output.turn).toMatchObject({ id: task.taskId, status: 'succeeded' });
    expect(output.turn.answer?.table.rows.map((r) => r[0])).toEqual([
      'Gentoo',
      'Chinstrap',
      'Adelie',
    ]);
    // The same result get_analysis gives.
    const followed = dataOf<AnalysisOutput>(
      await callTool(replica.app, bearer, 'get_analysis', {
        conversationId: output.conversation.id,
        turnId: task.taskId,
      }),
    );
    expect(followed.turn).toEqual(output.turn);
  });

  it('cancels the turn with tasks/cancel; any replica answers tasks/get', async () => {
    const { created, bearer } = await heldTask();
    const taskId = String(created.taskId);
    expect(resultOf(await post(replica.app, bearer, 'tasks/cancel', { taskId }))).toMatchObject({
      resultType: 'complete',
    });
    const seen = GetTaskResultV2Schema.parse(
      resultOf(await post(demo.app, await demo.tokenFor('alan'), 'tasks/get', { taskId })),
    );
    expect(seen.status).toBe('cancelled');
    gate.release();
    await eventually(() => gate.aborted >= 1);
  });

  it("answers another user's task id exactly as an unknown one", async () => {
    const { created } = await heldTask('alan');
    gate.release();
    const grace = await token('grace');
    const strip = (response: LightMyRequestResponse) => {
      const answer = answerOf(response);
      expect(answer).toHaveProperty('error');
      return answer.error;
    };
    const theirs = strip(
      await post(replica.app, grace, 'tasks/get', { taskId: String(created.taskId) }),
    );
    const unknown = strip(
      await post(replica.app, grace, 'tasks/get', { taskId: 'turn_doesnotexist00000000' }),
    );
    expect(theirs).toEqual(unknown);
    expect(theirs).toMatchObject({ code: -32602, data: { code: 'not_found' } });
    const cancelTheirs = strip(
      await post(replica.app, grace, 'tasks/cancel', { taskId: String(created.taskId) }),
    );
    expect(cancelTheirs).toEqual(unknown);
  });

  it('needs workbooks.read for tasks/get and analyses.write for tasks/cancel (403 challenge)', async () => {
    const readOnly = await token('alan', 'workbooks.read');
    const cancel = await post(replica.app, readOnly, 'tasks/cancel', { taskId: 'turn_x' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(cancel.headers['www-authenticate']).toContain('scope="analyses.write"');
    const writeOnly = await token('alan', 'analyses.write');
    const get = await post(replica.app, writeOnly, 'tasks/get', { taskId: 'turn_x' });
    expect(get.statusCode).toBe(403);
    expect(get.headers['www-authenticate']).toContain('scope="workbooks.read"');
    const allowed = await post(replica.app, readOnly, 'tasks/get', { taskId: 'turn_x' });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers task methods of a request that does not declare the extension -32021', async () => {
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const answer = answerOf(
        await post(
          replica.app,
          await token('alan'),
          method,
          { taskId: 'turn_x', inputResponses: {} },
          { tasks: false },
        ),
      );
      expect(answer.error, `${method}: ${JSON.stringify(answer.error)}`).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: TASKS.extensions } },
      });
    }
  });

  it('keeps waitSeconds for clients that do not opt in, on either revision', async () => {
    const workbookId = await demo.workbookId('Penguins');
    const bearer = await token('alan');
    for (const options of [{ tasks: false }, { legacy: true }]) {
      const result = resultOf(
        await post(
          replica.app,
          bearer,
          'tools/call',
          { name: 'start_analysis', arguments: { question: 'How many penguins?', workbookId } },
          options,
        ),
      );
      expect(result).not.toHaveProperty('taskId');
      expect(result.resultType ?? 'complete').toBe('complete');
      expect((result.structuredContent as AnalysisOutput).turn.status).toBe('succeeded');
    }
    // tasks/get is no method on 2025-11-25.
    const legacy = answerOf(
      await post(replica.app, bearer, 'tasks/get', { taskId: 'turn_x' }, { legacy: true }),
    );
    expect(legacy).toHaveProperty('error');
  });

  it('counts tasks/get toward the per-user tool-call limit and says how long to wait', async () => {
    const bearer = await token('ada');
    const codes: unknown[] = [];
    for (let i = 0; i < 45; i += 1) {
      const answer = answerOf(await post(replica.app, bearer, 'tasks/get', { taskId: 'turn_x' }));
      codes.push((answer.error as { data?: { code?: string } }).data?.code);
    }
    expect(codes.slice(0, 40).every((code) => code === 'not_found')).toBe(true);
    const limited = answerOf(await post(replica.app, bearer, 'tasks/get', { taskId: 'turn_x' }));
    expect(limited.error).toMatchObject({
      code: -32000,
      data: { code: 'rate_limited', retryable: true },
    });
    expect(
      (limited.error as { data: { retryAfterSeconds: number } }).data.retryAfterSeconds,
    ).toBeGreaterThan(0);
  });
});
