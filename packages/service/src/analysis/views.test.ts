import type { ReadableWorksheet } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { toWorksheetSource } from './views.js';

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
