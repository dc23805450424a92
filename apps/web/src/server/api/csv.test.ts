import type { Answer } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { answerCsv, csvFileName } from './csv.js';

const answer = (rows: unknown[][], truncated = false) =>
  ({
    table: {
      columns: [
        { name: 'name', type: 'string', label: 'Name' },
        { name: 'n', type: 'number' },
      ],
      rows,
      rowCount: rows.length,
      truncated,
    },
  }) as unknown as Answer;

describe('answerCsv', () => {
  it('escapes cells a spreadsheet would run as formulas, and quotes per RFC 4180', () => {
    const csv = answerCsv(
      answer([
        ["=cmd|' /C calc'!A0", -5],
        ['+1', 1.5],
        ['@SUM(A1)', null],
        ['a, "b"', 2],
        ['-x', 3],
      ]),
    );
    expect(csv.split('\r\n')).toEqual([
      'Name,n',
      "'=cmd|' /C calc'!A0,-5",
      "'+1,1.5",
      "'@SUM(A1),",
      '"a, ""b""",2',
      "'-x,3",
      '',
    ]);
  });

  it('states the truncation in the file name', () => {
    expect(csvFileName('conv_a', 0, false)).toBe('conv_a-turn-1.csv');
    expect(csvFileName('conv_a', 2, true)).toBe('conv_a-turn-3-truncated.csv');
  });
});
