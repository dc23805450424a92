import { ListAnalysesOutputSchema, type AnalysisOutput } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

describe("list_analyses: each user's own history, newest first (seeded demo workspace)", () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it("lists only the caller's conversations, newest first, in pages, with turn counts", async () => {
    const alan = await demo.tokenFor('alan');
    const ada = await demo.tokenFor('ada');
    const workbookId = await demo.workbookId('Penguins');
    const titles = [
      'How many penguins?',
      'Average flipper length by sex',
      'How many penguins by island?',
    ];
    for (const question of titles)
      dataOf(await callTool(demo.app, alan, 'start_analysis', { question, workbookId }));
    const adas = dataOf<AnalysisOutput>(
      await callTool(demo.app, ada, 'start_analysis', {
        question: 'Secret question of Ada',
        workbookId,
      }),
    );
    const first = ListAnalysesOutputSchema.parse(
      dataOf(await callTool(demo.app, alan, 'list_analyses', { limit: 2 })),
    );
    expect(first.conversations.map((c) => c.title)).toEqual([titles[2], titles[1]]);
    expect(first.nextCursor).toBeTruthy();
    const second = ListAnalysesOutputSchema.parse(
      dataOf(
        await callTool(demo.app, alan, 'list_analyses', { limit: 2, cursor: first.nextCursor }),
      ),
    );
    expect(second.conversations.map((c) => c.title)).toEqual([titles[0]]);
    expect(second.nextCursor).toBeNull();
    expect(first.conversations[0]).toMatchObject({ turnCount: 1, workspace: { name: 'Research' } });
    expect(first.conversations[0]?.url).toMatch(/\/conversations\/conv_/);
    const all = JSON.stringify(dataOf(await callTool(demo.app, alan, 'list_analyses', {})));
    expect(all).not.toContain(adas.conversation.id);
    expect(all).not.toContain('Secret question');
    const grace = ListAnalysesOutputSchema.parse(
      dataOf(await callTool(demo.app, await demo.tokenFor('grace'), 'list_analyses', {})),
    );
    expect(grace.conversations).toEqual([]);
  });

  it('keeps questions out of telemetry: only the shape of the arguments', async () => {
    const alan = await demo.tokenFor('alan');
    const workbookId = await demo.workbookId('Penguins');
    dataOf(
      await callTool(demo.app, alan, 'start_analysis', {
        question: 'Average body mass of Gentoo',
        workbookId,
      }),
    );
    await demo.app.flushTelemetry();
    const { rows } = await demo.db.query<{ argument_shape: unknown }>(
      `select argument_shape from telemetry where tool = 'start_analysis' order by id desc limit 1`,
    );
    const shape = JSON.stringify(rows[0]?.argument_shape);
    expect(shape).toContain('question');
    expect(shape).not.toContain('Gentoo');
    expect(shape).not.toContain(workbookId);
  });

  it('refuses a tampered cursor with invalid_argument', async () => {
    const error = errorOf(
      await callTool(demo.app, await demo.tokenFor('alan'), 'list_analyses', {
        cursor: 'not-a-cursor',
      }),
    );
    expect(error).toMatchObject({ code: 'invalid_argument', field: 'cursor' });
  });
});
