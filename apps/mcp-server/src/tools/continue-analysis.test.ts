import type { AnalysisOutput } from '@ask-analyst/protocol';
import { appendTurn } from '@ask-analyst/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../errors.js';
import { createTestApp } from '../test-support/app.js';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';
import { toolErrorResult } from './run-tool.js';
import { asToolErrors } from './data-errors.js';

describe('continue_analysis: follow-ups carried slot by slot (seeded demo workspace)', () => {
  let demo: DemoApp;
  beforeAll(async () => {
    demo = await createDemoApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  async function conversation(user: DemoUser, workbook: string, questions: string[]) {
    const token = await demo.tokenFor(user);
    const workbookId = await demo.workbookId(workbook);
    let out = dataOf<AnalysisOutput>(
      await callTool(demo.app, token, 'start_analysis', { question: questions[0], workbookId }),
    );
    const turns = [out];
    for (const question of questions.slice(1)) {
      out = dataOf<AnalysisOutput>(
        await callTool(demo.app, token, 'continue_analysis', {
          conversationId: out.conversation.id,
          question,
        }),
      );
      turns.push(out);
    }
    return turns;
  }

  it('"only flights from LAX" narrows the previous grouping by a value told apart by "from"', async () => {
    const [, last] = await conversation('ada', 'Flight Operations', [
      'Number of flights by destination',
      'only flights from LAX',
    ]);
    expect(last!.turn.answer?.table.rows[0]).toEqual(['LAS', 8323]);
    expect(last!.conversation.turnCount).toBe(2);
    const slots = last!.turn.answer!.interpretation.slots;
    expect(slots).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slot: 'dimension', text: 'destination', source: 'carried_over' }),
        expect.objectContaining({ slot: 'filter', text: 'origin is LAX', source: 'value_matched' }),
      ]),
    );
  });

  it('keeps the measure and grouping, shifts a value with "what about", widens with "also", regroups with "now by"', async () => {
    const turns = await conversation('alan', 'Automobiles', [
      'Average miles per gallon by year',
      'only for Japan',
      'what about Europe?',
      'also USA',
      'now by cylinders',
    ]);
    const rows = (i: number) => turns[i]!.turn.answer!.table.rows;
    expect(rows(1)).toContainEqual([1980, 35.4]);
    expect(rows(1)[0]).toEqual([1970, 25.5]);
    expect(turns[2]!.turn.answer?.interpretation.restatement).toMatch(/Origin is Europe/);
    expect(turns[2]!.turn.answer?.interpretation.restatement).not.toMatch(/Japan/);
    expect(turns[3]!.turn.answer?.query.plan.filters).toContainEqual({
      column: 'Origin',
      op: 'in',
      value: ['Europe', 'USA'],
      part: null,
    });
    const regrouped = turns[4]!.turn.answer!;
    expect(regrouped.query.plan.dimensions).toEqual([
      { column: 'Cylinders', grain: null, label: 'Cylinders' },
    ]);
    expect(regrouped.query.plan.measures[0]).toMatchObject({
      column: 'Miles_per_Gallon',
      aggregation: 'avg',
    });
  });

  it('a follow-up on a turn still running is queued and runs after it, one at a time', async () => {
    const token = await demo.tokenFor('ada');
    const workbookId = await demo.workbookId('Flight Operations');
    const first = dataOf<AnalysisOutput>(
      await callTool(demo.app, token, 'start_analysis', {
        question: 'Average delay by origin',
        workbookId,
        waitSeconds: 0,
      }),
    );
    const second = dataOf<AnalysisOutput>(
      await callTool(demo.app, token, 'continue_analysis', {
        conversationId: first.conversation.id,
        question: 'top 5',
        waitSeconds: 30,
      }),
    );
    expect(second.turn.status).toBe('succeeded');
    expect(second.turn.answer?.table.rows).toHaveLength(5);
    const earlier = dataOf<AnalysisOutput>(
      await callTool(demo.app, token, 'get_analysis', {
        conversationId: first.conversation.id,
        turnId: first.turn.id,
      }),
    );
    expect(earlier.turn.status).toBe('succeeded');
    expect(Date.parse(earlier.turn.finishedAt!)).toBeLessThanOrEqual(
      Date.parse(second.turn.startedAt!),
    );
  });

  it("refuses other people's conversations (not_found) and viewers (permission_denied)", async () => {
    const [first] = await conversation('alan', 'Penguins', ['Average flipper length by sex']);
    const id = first!.conversation.id;
    expect(
      errorOf(
        await callTool(demo.app, await demo.tokenFor('ada'), 'continue_analysis', {
          conversationId: id,
          question: 'only Adelie',
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
    expect(
      errorOf(
        await callTool(demo.app, await demo.tokenFor('grace'), 'continue_analysis', {
          conversationId: id,
          question: 'only Adelie',
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
    expect(
      errorOf(
        await callTool(demo.app, await demo.tokenFor('alan'), 'continue_analysis', {
          conversationId: 'conv_doesnotexist',
          question: 'x',
        }),
      ),
    ).toMatchObject({ code: 'not_found' });
  });

  it('counts toward ANALYSES_PER_MINUTE: rate_limited with the wait', async () => {
    const t = await createTestApp({ ANALYSES_PER_MINUTE: '2' }, { world: demo });
    try {
      const token = await t.issuer.mint(demo.users.alan.id, {
        claims: { org: demo.users.alan.orgId },
      });
      const workbookId = await demo.workbookId('Penguins');
      const first = dataOf<AnalysisOutput>(
        await callTool(t.app, token, 'start_analysis', {
          question: 'How many penguins?',
          workbookId,
        }),
      );
      dataOf(
        await callTool(t.app, token, 'continue_analysis', {
          conversationId: first.conversation.id,
          question: 'by island',
        }),
      );
      const limited = errorOf(
        await callTool(t.app, token, 'continue_analysis', {
          conversationId: first.conversation.id,
          question: 'by sex',
        }),
      );
      expect(limited).toMatchObject({
        code: 'rate_limited',
        retryable: true,
        retryAfterSeconds: 60,
      });
    } finally {
      await t.close();
    }
  });

  it('a turn that keeps colliding is a retryable conflict, nothing appended', async () => {
    const [first] = await conversation('ada', 'Flight Operations', [
      'Number of flights by destination',
    ]);
    // The id of a turn already there collides on every try, as five racing follow-ups would.
    const attempt = asToolErrors(() =>
      appendTurn(demo.db, {
        id: first!.turn.id,
        conversationId: first!.conversation.id,
        question: 'only flights from LAX',
        claim: undefined,
      }),
    );
    const error = await attempt.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ToolError);
    // What the caller sees: the funnel's error result says to retry, and when.
    expect(toolErrorResult(error as ToolError, 'req_test1').structuredContent).toEqual({
      error: expect.objectContaining({
        code: 'conflict',
        retryable: true,
        retryAfterSeconds: 1,
      }) as unknown,
    });
    const after = dataOf<AnalysisOutput>(
      await callTool(demo.app, await demo.tokenFor('ada'), 'get_analysis', {
        conversationId: first!.conversation.id,
      }),
    );
    expect(after.conversation.turnCount).toBe(1);
  });
});
