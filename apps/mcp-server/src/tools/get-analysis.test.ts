import type { AnalysisOutput } from '@ask-analyst/protocol';
import { getTurn } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { eventually, gatedEngine, type GatedEngine } from '@ask-analyst/service/testing';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';

describe('get_analysis: long turns, long polls, replicas and restarts (seeded demo workspace)', () => {
  let demo: DemoApp;
  let gate: GatedEngine;
  let replica: TestApp;
  beforeAll(async () => {
    demo = await createDemoApp();
    gate = gatedEngine(demo.engine);
    replica = await createTestApp({}, { world: { db: demo.db, engine: gate.engine } });
  });
  afterAll(async () => {
    gate?.release();
    await replica?.close();
    await demo?.close();
  });

  const token = (app: TestApp, user: 'ada' | 'alan' | 'grace') =>
    app.issuer.mint(demo.users[user].id, { claims: { org: demo.users[user].orgId } });

  /**
   * Starts `question` on `app` as alan and leaves it running, its query held by the gate: `warm`
   * is answered first, so the gate holds the question's query and not the worksheet's loading.
   */
  async function startHeld(app: TestApp, workbook: string, warm: string, question: string) {
    const workbookId = await demo.workbookId(workbook);
    const alan = await token(app, 'alan');
    dataOf(await callTool(app.app, alan, 'start_analysis', { question: warm, workbookId }));
    gate.hold();
    const started = dataOf<AnalysisOutput>(
      await callTool(app.app, alan, 'start_analysis', { question, workbookId, waitSeconds: 0 }),
    );
    await eventually(() => gate.waiting() === 1);
    return { alan, started };
  }

  it('a turn still running when start_analysis returns goes on, and get_analysis long-polls it to the end', async () => {
    const { alan, started } = await startHeld(
      replica,
      'Penguins',
      'How many penguins?',
      'Average body mass by species',
    );
    expect(['queued', 'running']).toContain(started.turn.status);
    const { id: conversationId } = started.conversation;
    const running = dataOf<AnalysisOutput>(
      await callTool(replica.app, alan, 'get_analysis', { conversationId, waitSeconds: 0 }),
    );
    expect(running.turn).toMatchObject({ status: 'running', progress: { step: 'querying' } });
    setTimeout(() => gate.release(), 300);
    const done = dataOf<AnalysisOutput>(
      await callTool(replica.app, alan, 'get_analysis', {
        conversationId,
        turnId: started.turn.id,
        waitSeconds: 20,
      }),
    );
    expect(done.turn.status).toBe('succeeded');
    expect(done.turn.answer?.table.rows.map((r) => r[0])).toEqual([
      'Gentoo',
      'Chinstrap',
      'Adelie',
    ]);
  });

  it('any replica on the same database answers get_analysis for any turn', async () => {
    const workbookId = await demo.workbookId('Seattle Weather');
    const { conversation, turn } = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('alan'), 'start_analysis', {
        question: 'How many sunny days were there in 2013?',
        workbookId,
      }),
    );
    const seen = dataOf<AnalysisOutput>(
      await callTool(replica.app, await token(replica, 'alan'), 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
      }),
    );
    expect(seen.turn.answer?.table.rows).toEqual([[173]]);
  });

  it('a turn left running by a process that died is re-run; after the second interruption it fails', async () => {
    const workbookId = await demo.workbookId('Markets');
    const alan = await token(replica, 'alan');
    const first = dataOf<AnalysisOutput>(
      await callTool(replica.app, alan, 'start_analysis', {
        question: 'What is the maximum price of AAPL?',
        workbookId,
      }),
    );
    const ids = [first.turn.id];
    // Two turns marked running by a runner that is gone: one had one run, one had two.
    for (const attempts of [1, 2]) {
      const { turn } = dataOf<AnalysisOutput>(
        await callTool(replica.app, alan, 'start_analysis', {
          question: 'What is the maximum price of AAPL?',
          workbookId,
          waitSeconds: 0,
        }),
      );
      await eventually(async () => (await getTurn(demo.db, turn.id))?.status === 'succeeded');
      await demo.db.query(
        `update turns set status = 'running', answer = null, finished_at = null, attempts = $2,
           lease_owner = 'runner_dead', lease_expires_at = now() - interval '1 second' where id = $1`,
        [turn.id, attempts],
      );
      ids.push(turn.id);
    }
    const restarted = await createTestApp({}, { world: { db: demo.db, engine: demo.engine } });
    try {
      await eventually(async () => {
        const [, rerun, failed] = await Promise.all(ids.map((id) => getTurn(demo.db, id)));
        return rerun?.status === 'succeeded' && failed?.status === 'failed';
      });
      const failed = await getTurn(demo.db, ids[2]!);
      expect(failed?.error).toMatchObject({ code: 'interrupted' });
      const rerun = await getTurn(demo.db, ids[1]!);
      expect((rerun?.answer as AnalysisOutput['turn']['answer'])?.table.rows).toEqual([[223.02]]);
      const { rows } = await demo.db.query(
        `select count(*)::int as n from turns where status = 'running'`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await restarted.close();
    }
  });

  it('a graceful stop re-queues a running turn and another replica finishes it', async () => {
    const stopping = await createTestApp({}, { world: { db: demo.db, engine: gate.engine } });
    const { started } = await startHeld(
      stopping,
      'World Development',
      'How many countries?',
      'Average fertility by year',
    );
    const { conversation, turn } = started;
    const closed = stopping.close();
    await closed;
    gate.release();
    const after = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('alan'), 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
        waitSeconds: 20,
      }),
    );
    expect(after.turn.status).toBe('succeeded');
    expect(after.turn.answer?.table.rowCount).toBe(11);
  });

  it('answers a long poll at once with the turn as it stands when its replica starts stopping', async () => {
    const stopping = await createTestApp({}, { world: { db: demo.db, engine: gate.engine } });
    try {
      const { alan, started } = await startHeld(
        stopping,
        'Automobiles',
        'How many cars?',
        'Average horsepower by origin',
      );
      const { conversation, turn } = started;
      const poll = callTool(stopping.app, alan, 'get_analysis', {
        conversationId: conversation.id,
        turnId: turn.id,
        waitSeconds: 25,
      });
      // SIGTERM while the poll waits.
      setTimeout(() => stopping.app.announceShutdown(), 300);
      // Released later: a poll still waiting then would see the answer instead of the running turn.
      const release = setTimeout(() => gate.release(), 3_000);
      const polled = dataOf<AnalysisOutput>(await poll);
      clearTimeout(release);
      expect(polled.turn.status).toBe('running');
    } finally {
      gate.release();
      await stopping.close();
    }
  });

  it("keeps other people's conversations and turns hidden: not_found", async () => {
    const workbookId = await demo.workbookId('Penguins');
    const { conversation, turn } = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('alan'), 'start_analysis', {
        question: 'How many penguins?',
        workbookId,
      }),
    );
    const ada = await demo.tokenFor('ada');
    expect(
      errorOf(await callTool(demo.app, ada, 'get_analysis', { conversationId: conversation.id })),
    ).toMatchObject({ code: 'not_found' });
    const grace = await demo.tokenFor('grace');
    expect(
      errorOf(
        await callTool(demo.app, grace, 'get_analysis', {
          conversationId: conversation.id,
          turnId: turn.id,
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
    const other = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('alan'), 'start_analysis', {
        question: 'How many penguins by island?',
        workbookId,
      }),
    );
    expect(
      errorOf(
        await callTool(demo.app, await demo.tokenFor('alan'), 'get_analysis', {
          conversationId: conversation.id,
          turnId: other.turn.id,
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
  });
});
