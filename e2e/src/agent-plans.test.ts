import { readFile } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { demoDataFile } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { useE2eWorld } from './fixtures/world.js';
import { connectAs } from './flows/connect.js';

interface Turn {
  status: string;
  question: string;
  error?: { code: string; message: string };
  answer?: {
    table: { rows: unknown[][] };
    interpretation: { restatement: string; slots: Array<{ source: string }> };
    query: { plan: unknown };
  };
}
interface Analysis {
  conversation: { id: string; turnCount: number };
  turn: Turn;
}

const QUESTION = 'Average wwg by genre';

/** Average worldwide gross per major genre, from the source file in plain JavaScript. */
async function expectedGrossByGenre(): Promise<Map<string | null, number>> {
  const movies = JSON.parse(await readFile(demoDataFile('movies.json'), 'utf8')) as Array<
    Record<string, unknown>
  >;
  const sums = new Map<string | null, { total: number; n: number }>();
  for (const movie of movies) {
    const genre = (movie['Major Genre'] as string | null | undefined) ?? null;
    const gross = movie['Worldwide Gross'];
    const entry = sums.get(genre) ?? { total: 0, n: 0 };
    if (typeof gross === 'number') {
      entry.total += gross;
      entry.n += 1;
    }
    sums.set(genre, entry);
  }
  return new Map([...sums].map(([genre, { total, n }]) => [genre, total / n]));
}

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/**
 * An agent loop with the real v2 client (issue #30): the agent asks, Ask Analyst's reader refuses
 * ("ww" is no word of the worksheet), the agent reads the columns with get_worksheet as the text
 * result suggests, plans the question itself and sends the plan with the same question.
 */
describe('an agent plans a question Ask Analyst refused', () => {
  const world = useE2eWorld();

  it('asks, gets not_understood, reads the columns, sends a plan and gets the answer', async () => {
    const { client } = await connectAs(world.stack.mcpUrl, world.browser, world.receiver, {
      email: 'alan@acme.test',
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      return result;
    };

    const workbooks = (await call('list_workbooks', { query: 'Film' })).structuredContent as {
      workbooks: Array<{ id: string; name: string }>;
    };
    const film = workbooks.workbooks.find((wb) => wb.name === 'Film Industry')!;
    const { worksheets } = (await call('get_workbook', { workbookId: film.id }))
      .structuredContent as { worksheets: Array<{ id: string; name: string }> };
    const movies = worksheets.find((ws) => ws.name === 'Movies')!;

    const asked = await call('start_analysis', {
      question: QUESTION,
      worksheetId: movies.id,
      waitSeconds: 30,
    });
    const refused = asked.structuredContent as unknown as Analysis;
    expect(refused.turn.status).toBe('failed');
    expect(['not_understood', 'needs_clarification']).toContain(refused.turn.error?.code);
    expect(textOf(asked)).toContain('`plan`');
    expect(textOf(asked)).toContain('| Worldwide Gross | integer |');

    // What a model does with the columns: "wwg" is the worldwide gross, "genre" the genre.
    const { worksheet } = (await call('get_worksheet', { worksheetId: movies.id }))
      .structuredContent as { worksheet: { columns: Array<{ name: string; type: string }> } };
    const gross = worksheet.columns.find(
      (c) => /worldwide/i.test(c.name) && (c.type === 'integer' || c.type === 'number'),
    )!;
    const genre = worksheet.columns.find((c) => /genre/i.test(c.name) && c.type === 'string')!;
    const plan = {
      worksheetId: movies.id,
      measures: [{ column: gross.name, aggregation: 'avg', label: `Average ${gross.name}` }],
      dimensions: [{ column: genre.name, grain: null, label: genre.name }],
      filters: [],
      sort: [{ by: 'measure', index: 0, direction: 'desc' }],
      limit: null,
      calculation: null,
    };

    const planned = await call('continue_analysis', {
      conversationId: refused.conversation.id,
      question: QUESTION,
      plan,
      waitSeconds: 30,
    });
    const { conversation, turn } = planned.structuredContent as unknown as Analysis;
    expect(turn.status, JSON.stringify(turn.error)).toBe('succeeded');
    expect(turn.question).toBe(QUESTION);
    expect(conversation.turnCount).toBe(2);
    // The answer's plan states the defaults of the fields the agent left out.
    expect(turn.answer!.query.plan).toEqual({ ...plan, shape: null, chart: null });
    expect(turn.answer!.interpretation.restatement).toBe(
      'Average Worldwide Gross by Major Genre in Movies.',
    );
    expect(new Set(turn.answer!.interpretation.slots.map((s) => s.source))).toEqual(
      new Set(['client']),
    );
    const expected = await expectedGrossByGenre();
    expect(turn.answer!.table.rows).toHaveLength(expected.size);
    for (const [name, value] of turn.answer!.table.rows) {
      expect(value, String(name)).toBeCloseTo(expected.get(name as string | null)!, 4);
    }
    expect(textOf(planned)).toContain('Average Worldwide Gross by Major Genre in Movies.');
    await client.close();
  });
});
