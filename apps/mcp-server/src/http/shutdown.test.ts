import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PEOPLE } from '../test-support/database.js';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { eventually } from '@ask-analyst/service/testing';
import { defineTool, READ_ONLY_ANNOTATIONS } from '../tools/define-tool.js';

/** Calls of `slow` that have reached its handler. */
let handled = 0;

/** A tool that takes `ms` milliseconds (or until its call is aborted). */
const slow = defineTool({
  name: 'slow',
  title: 'Slow',
  description: 'Test tool that takes a while.',
  scope: 'workbooks.read',
  inputSchema: z.object({ ms: z.number().int().min(0).max(120_000).describe('How long') }),
  outputSchema: z.object({ waited: z.number() }),
  annotations: READ_ONLY_ANNOTATIONS,
  async handler({ ms }, ctx) {
    handled += 1;
    await sleep(ms, undefined, { signal: ctx.signal }).catch(() => undefined);
    return { structuredContent: { waited: ms }, text: `waited ${ms} ms` };
  },
});

let id = 1;
const callBody = (name: string, args: unknown, progressToken?: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: id++,
    method: 'tools/call',
    params: {
      name,
      arguments: args,
      ...(progressToken === undefined ? {} : { _meta: { progressToken } }),
    },
  });

describe('graceful shutdown', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close().catch(() => undefined);
    test = undefined;
  });

  async function listening(drainMs: number) {
    test = await createTestApp({}, { tools: [slow], shutdownDrainMs: drainMs });
    // Real sockets: shutdown is about connections, which inject() does not have.
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}/mcp`;
    const token = await test.token();
    // A call that asks for progress is answered as an event stream from the start.
    const post = (ms: number, progressToken?: string) =>
      fetch(url, {
        method: 'POST',
        headers: mcpHeaders(token),
        body: callBody('slow', { ms }, progressToken),
      });
    return { test, post };
  }

  it('finishes an in-flight call, writes its telemetry, and answers newcomers with the SPEC 503', async () => {
    const { test, post } = await listening(5_000);
    const before = handled;
    const inFlight = post(400);
    // The call is in the handler (on a loaded machine that can take longer than its 400 ms).
    await eventually(() => handled > before);
    const closing = test.app.close();
    await sleep(20);

    const late = await post(0);
    expect(late.status).toBe(503);
    expect(late.headers.get('x-request-id')).toMatch(/^req_/);
    expect(late.headers.get('connection')).toBe('close');
    const body = (await late.json()) as Record<string, unknown>;
    expect(body).toEqual({
      type: 'error',
      error: {
        type: 'api_error',
        message: expect.any(String) as unknown,
        details: { error_code: 'mcp_unavailable' },
      },
      request_id: late.headers.get('x-request-id'),
    });

    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.text()).toContain('waited 400 ms');
    const drainedAt = Date.now();
    await closing;
    // Closing did not sit out the 5 s drain window once the last call had finished.
    expect(Date.now() - drainedAt).toBeLessThan(2_000);
    const { rows } = await test.db.query<{ tool: string; user_id: string }>(
      "select tool, user_id from telemetry where tool = 'slow'",
    );
    expect(rows).toEqual([{ tool: 'slow', user_id: PEOPLE.ada.id }]);
  });

  it('ends a streamed call that outlives the drain window instead of waiting for it', async () => {
    const { test, post } = await listening(300);
    const before = handled;
    const endless = post(60_000, 'progress-1');
    await eventually(() => handled > before);
    const started = Date.now();
    await test.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    // The client gets a clean, retryable answer with its request id, never a hang.
    const answer = await Promise.race([endless, sleep(3_000).then(() => null)]);
    // The call's stream had started: it ends with a JSON-RPC error saying to retry.
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('x-request-id')).toMatch(/^req_/);
    const events = (await answer!.text()).split('\n').filter((line) => line.startsWith('data: '));
    const last = JSON.parse(events.at(-1)!.slice(6)) as { error?: { message: string } };
    expect(last.error?.message).toMatch(/shutting down.*Retry/);
  });

  it('answers a call without an answer yet the retryable 503 when the drain window ends', async () => {
    const { test, post } = await listening(300);
    const before = handled;
    const endless = post(60_000);
    await eventually(() => handled > before);
    const started = Date.now();
    await test.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    const answer = await Promise.race([endless, sleep(3_000).then(() => null)]);
    expect(answer?.status).toBe(503);
    expect(answer?.headers.get('retry-after')).toBe('1');
    expect(answer?.headers.get('x-request-id')).toMatch(/^req_/);
    const body = (await answer!.json()) as { error: { details: { error_code: string } } };
    expect(body.error.details.error_code).toBe('mcp_unavailable');
  });
});
