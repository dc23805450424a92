import type { AnalysisOutput } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { eventually, gatedEngine, type GatedEngine } from '@ask-analyst/service/testing';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

describe('cancel_analysis, the time limit and the running-analyses limit (seeded demo workspace)', () => {
  let demo: DemoApp;
  let gate: GatedEngine;
  let t: TestApp;
  let alan: string;
  let workbookId: string;
  beforeAll(async () => {
    demo = await createDemoApp();
    gate = gatedEngine(demo.engine);
    t = await createTestApp(
      { ANALYSIS_TIMEOUT_SECONDS: '2' },
      { world: { db: demo.db, engine: gate.engine } },
    );
    alan = await t.issuer.mint(demo.users.alan.id, { claims: { org: demo.users.alan.orgId } });
    workbookId = await demo.workbookId('Penguins');
    dataOf(
      await callTool(t.app, alan, 'start_analysis', { question: 'How many penguins?', workbookId }),
    );
  });
  afterAll(async () => {
    gate?.release();
    await t?.close();
    await demo?.close();
  });

  const start = (question: string, conversationId?: string) =>
    conversationId
      ? callTool(t.app, alan, 'continue_analysis', { conversationId, question, waitSeconds: 0 })
      : callTool(t.app, alan, 'start_analysis', { question, workbookId, waitSeconds: 0 });

  it('stops a running turn: its query is interrupted and the turn ends cancelled, for good', async () => {
    gate.hold();
    const { conversation, turn } = dataOf<AnalysisOutput>(
      await start('Average body mass by island'),
    );
    await eventually(() => gate.waiting() === 1);
    const abortedBefore = gate.aborted;
    const cancelled = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'cancel_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
      }),
    );
    expect(cancelled.turn).toMatchObject({ status: 'cancelled' });
    expect(cancelled.turn.finishedAt).toBeTruthy();
    await eventually(() => gate.aborted === abortedBefore + 1);
    gate.release();
    const later = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
      }),
    );
    expect(later.turn.status).toBe('cancelled');
    expect(later.turn.answer).toBeUndefined();
    const again = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'cancel_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
      }),
    );
    expect(again.turn.status).toBe('cancelled');
  });

  it('cancels a queued follow-up without running it; the conversation goes on with the next', async () => {
    gate.hold();
    const first = dataOf<AnalysisOutput>(await start('Average flipper length by species'));
    const conversationId = first.conversation.id;
    const queued = dataOf<AnalysisOutput>(await start('only for Dream', conversationId));
    expect(queued.turn.status).toBe('queued');
    const cancelled = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'cancel_analysis', { conversationId, turnId: queued.turn.id }),
    );
    expect(cancelled.turn.status).toBe('cancelled');
    expect(cancelled.turn.startedAt).toBeNull();
    gate.release();
    const third = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'continue_analysis', {
        conversationId,
        question: 'only for Biscoe',
      }),
    );
    expect(third.turn.status).toBe('succeeded');
    expect(third.turn.answer?.interpretation.restatement).toMatch(/Island is Biscoe/);
    expect(third.conversation.turnCount).toBe(3);
  });

  it('fails a turn over ANALYSIS_TIMEOUT_SECONDS with timeout', async () => {
    gate.hold();
    const { conversation, turn } = dataOf<AnalysisOutput>(await start('Average beak depth by sex'));
    const ended = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
        waitSeconds: 10,
      }),
    );
    gate.release();
    expect(ended.turn.status).toBe('failed');
    expect(ended.turn.error).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/2-second limit/) as unknown,
    });
  });

  it('refuses a fourth unfinished analysis with rate_limited, retryable', async () => {
    gate.hold();
    const started = [];
    for (let i = 0; i < 3; i += 1)
      started.push(dataOf<AnalysisOutput>(await start('How many penguins by island?')));
    const refused = errorOf(await start('How many penguins by sex?'));
    expect(refused).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(refused.message).toMatch(/limit is 3/);
    gate.release();
    for (const { conversation, turn } of started) {
      await callTool(t.app, alan, 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
        waitSeconds: 10,
      });
    }
    expect(dataOf<AnalysisOutput>(await start('How many penguins by sex?')).turn.status).not.toBe(
      'failed',
    );
  });

  it("needs the analyst role and the conversation to be the caller's own", async () => {
    const { conversation, turn } = dataOf<AnalysisOutput>(
      await callTool(t.app, alan, 'start_analysis', { question: 'How many penguins?', workbookId }),
    );
    const ada = await t.issuer.mint(demo.users.ada.id, { claims: { org: demo.users.ada.orgId } });
    expect(
      errorOf(
        await callTool(t.app, ada, 'cancel_analysis', {
          conversationId: conversation.id,
          turnId: turn.id,
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
  });
});
