import type { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { PEOPLE } from '../test-support/database.js';
import { callTool, dataOf } from '../test-support/mcp-call.js';
import { tools } from '../tools/index.js';
import type { ToolRuntime } from '../tools/run-tool.js';
import { createServerBuilder, createServerFactory } from './server-factory.js';

describe('server factory', () => {
  it('lends a built server out once at a time and takes it back when the SDK closes it', async () => {
    const factory = createServerFactory(createServerBuilder(tools, {} as ToolRuntime));
    const lend = async (era: 'modern' | 'legacy') => (await factory({ era })) as McpServer;
    const first = await lend('modern');
    const second = await lend('modern');
    expect(second).not.toBe(first);
    first.server.onclose?.();
    expect(await lend('modern')).toBe(first);
    // Each era has its own servers: a 2025 exchange never gets a 2026 instance.
    second.server.onclose?.();
    expect(await lend('legacy')).not.toBe(second);
  });
});

describe('servers shared between requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TOOL_CALLS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer every call as its own caller, however the calls interleave', async () => {
    const ada = await t.token(PEOPLE.ada.id);
    const grace = await t.token(PEOPLE.grace.id);
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? ['ada', ada] : ['grace', grace],
    );
    const answers = await Promise.all(
      calls.map(async ([who, token]) => {
        const result = await callTool(t.app, token as string, 'whoami', {});
        return [who, dataOf<{ user: { id: string } }>(result).user.id];
      }),
    );
    for (const [who, userId] of answers) {
      expect(userId).toBe(who === 'ada' ? PEOPLE.ada.id : PEOPLE.grace.id);
    }
  });
});
