import type { ReadableWorksheet } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '@ask-analyst/workspace';
import { toTurn, toWorksheetSource } from './views.js';

const WORKSHEET: ReadableWorksheet = {
  id: 'ws_weather',
  workbookId: 'wb_weather',
  name: 'Daily Weather',
  description: 'One row per day.',
  position: 0,
  rowCount: 1461,
  columns: [
    { name: 'date', type: 'date' },
    { name: 'precipitation', type: 'number' },
  ],
  semantics: {
    columns: [
      {
        column: 'precipitation',
        label: 'Precipitation',
        synonyms: ['rain', 'rainfall'],
        unit: 'mm',
        defaultAggregation: 'sum',
        format: 'number',
        decimals: 1,
      },
    ],
  },
  dataPath: 'worksheets/ws_weather.parquet',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  workbook: {
    id: 'wb_weather',
    name: 'Seattle Weather',
    description: 'Daily weather in Seattle.',
    workspace: { id: 'wsp_research', name: 'Research' },
    owner: { id: 'usr_ada', name: 'Ada Lovelace' },
    updatedAt: '2026-01-01T00:00:00.000Z',
    worksheetCount: 1,
    url: 'http://localhost:4200/workbooks/wb_weather',
  },
  workspace: { id: 'wsp_research', name: 'Research' },
  role: 'analyst',
};

describe('toWorksheetSource', () => {
  it('gives the analyst the worksheet’s columns and its semantic layer', () => {
    const source = toWorksheetSource(WORKSHEET);
    expect(source.columns).toEqual(WORKSHEET.columns);
    expect(source.semantics).toEqual(WORKSHEET.semantics);
    expect(source.workbook).toEqual({
      id: 'wb_weather',
      name: 'Seattle Weather',
      description: 'Daily weather in Seattle.',
    });
  });
});

describe('toTurn', () => {
  const failed = (error: TurnRecord['error']): TurnRecord => ({
    id: 'turn_1',
    conversationId: 'conv_1',
    index: 0,
    question: 'average temperature',
    status: 'failed',
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    progress: null,
    answer: null,
    error,
  });

  it('keeps the alternatives a failed turn offers (SPEC 4 error.alternatives)', () => {
    const alternatives = [
      { question: 'average temp_max', reason: 'temperature: the daily high' },
      { question: 'average temp_min', reason: 'temperature: the daily low' },
    ];
    const turn = toTurn(
      failed({ code: 'needs_clarification', message: 'Which temperature?', alternatives }),
    );
    expect(turn.error).toEqual({
      code: 'needs_clarification',
      message: 'Which temperature?',
      alternatives,
    });
  });

  it('shows a failed turn without alternatives, or with malformed ones, without them', () => {
    expect(toTurn(failed({ code: 'timeout', message: 'Too long.' })).error).toEqual({
      code: 'timeout',
      message: 'Too long.',
    });
    const malformed = toTurn(
      failed({ code: 'not_understood', message: 'No.', alternatives: [{ question: 7 }] }),
    );
    expect(malformed.error).toEqual({ code: 'not_understood', message: 'No.' });
  });
});
