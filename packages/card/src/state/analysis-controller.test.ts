import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { scenario } from '../fixtures/scenarios.js';
import { recordedOutput } from '../test-support/recorded.js';
import { AnalysisController } from './analysis-controller.js';

describe('asking the question of another worksheet', () => {
  it('lists the workbook of the answer, then starts a new conversation there through the host', async () => {
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    const movies = recordedOutput('answer-table');
    const controller = new AnalysisController((name, args) => {
      calls.push({ name, args });
      const result: CallToolResult =
        name === 'get_workbook'
          ? {
              content: [],
              structuredContent: {
                workbook: { id: 'wb_7c2f4k9q1m' },
                worksheets: [
                  { id: 'ws_4n8c3v6x2b', name: 'Cars' },
                  { id: 'ws_1q7w3e9r5t', name: 'Movies', rowCount: 3201 },
                ],
              },
            }
          : { content: [], structuredContent: movies };
      return Promise.resolve(result);
    });
    controller.toolResult(scenario('answer-bar').results.at(-1) as CallToolResult);
    expect(controller.getState().workbookId).toBe('wb_7c2f4k9q1m');
    expect(await controller.worksheets()).toEqual([
      { id: 'ws_4n8c3v6x2b', name: 'Cars' },
      { id: 'ws_1q7w3e9r5t', name: 'Movies' },
    ]);
    await controller.askWorksheet('Which is best?', 'ws_1q7w3e9r5t');
    expect(calls.map((call) => call.name)).toEqual(['get_workbook', 'start_analysis']);
    expect(calls[0]?.args).toEqual({ workbookId: 'wb_7c2f4k9q1m' });
    expect(calls[1]?.args).toEqual({
      question: 'Which is best?',
      worksheetId: 'ws_1q7w3e9r5t',
      waitSeconds: 0,
    });
    expect(controller.getState().conversation?.id).toBe(movies.conversation.id);
    expect(controller.getState().worksheetId).toBe('ws_1q7w3e9r5t');
    controller.dispose();
  });
});
