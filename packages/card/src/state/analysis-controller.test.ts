import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { scenario } from '../fixtures/scenarios.js';
import { recordedAnswer, recordedOutput } from '../test-support/recorded.js';
import { AnalysisController } from './analysis-controller.js';

describe('asking the question of another worksheet', () => {
  it('lists the workbook of the answer, then starts a new conversation there through the host', async () => {
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    const movies = recordedOutput('answer-bar-top');
    const moviesId = movies.turn.answer?.source.worksheetId ?? '';
    const { workbookId } = recordedAnswer('answer-bar').source;
    const controller = new AnalysisController((name, args) => {
      calls.push({ name, args });
      const result: CallToolResult =
        name === 'get_workbook'
          ? {
              content: [],
              structuredContent: {
                workbook: { id: workbookId },
                worksheets: [
                  { id: 'ws_4n8c3v6x2b', name: 'Cars' },
                  { id: moviesId, name: 'Movies', rowCount: 3201 },
                ],
              },
            }
          : { content: [], structuredContent: movies };
      return Promise.resolve(result);
    });
    controller.toolResult(scenario('answer-bar').results.at(-1) as CallToolResult);
    expect(controller.getState().workbookId).toBe(workbookId);
    expect(await controller.worksheets()).toEqual([
      { id: 'ws_4n8c3v6x2b', name: 'Cars' },
      { id: moviesId, name: 'Movies' },
    ]);
    await controller.askWorksheet('Which is best?', moviesId);
    expect(calls.map((call) => call.name)).toEqual(['get_workbook', 'start_analysis']);
    expect(calls[0]?.args).toEqual({ workbookId });
    expect(calls[1]?.args).toEqual({
      question: 'Which is best?',
      worksheetId: moviesId,
      waitSeconds: 0,
    });
    expect(controller.getState().conversation?.id).toBe(movies.conversation.id);
    expect(controller.getState().worksheetId).toBe(moviesId);
    controller.dispose();
  });
});
