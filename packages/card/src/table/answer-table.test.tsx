import type { AnswerTable as Table } from '@ask-analyst/protocol';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordedAnswer } from '../test-support/recorded.js';
import { formatValue } from '../format/format-value.js';
import { columnStyles } from '../views/answer-view.js';
import { AnswerTable, PAGE_SIZE } from './answer-table.js';

function bodyRows(): string[][] {
  const [, ...rows] = within(screen.getByTestId('answer-table')).getAllByRole('row');
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

describe('the answer table', () => {
  const table: Table = {
    columns: [
      { name: 'Origin', type: 'string' },
      { name: 'Flights', type: 'integer' },
    ],
    rows: [
      ['SFO', 30],
      ['LAX', null],
      ['ATL', 120],
      ['BOS', 30],
    ],
    rowCount: 4,
    truncated: false,
  };
  const styles = new Map([
    ['Origin', { format: 'text' as const }],
    ['Flights', { format: 'integer' as const }],
  ]);

  it('sorts by a column, ascending then descending then back, empty values last, ties stable', () => {
    render(<AnswerTable table={table} styles={styles} locale="en-US" caption="Flights" />);
    const header = screen.getByRole('button', { name: /Flights/ });
    const th = header.closest('th') as HTMLElement;
    expect(th.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows().map((r) => r[0])).toEqual(['SFO', 'BOS', 'ATL', 'LAX']);
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows().map((r) => r[0])).toEqual(['ATL', 'SFO', 'BOS', 'LAX']);
    fireEvent.click(header);
    expect(th.getAttribute('aria-sort')).toBe('none');
    expect(bodyRows().map((r) => r[0])).toEqual(['SFO', 'LAX', 'ATL', 'BOS']);
  });

  it('pages a truncated 5,000-row result and says how many rows the full result has', () => {
    const answer = recordedAnswer('answer-truncated');
    expect(answer.table.rows).toHaveLength(5000);
    render(
      <AnswerTable table={answer.table} styles={columnStyles(answer)} locale="en-US" caption="x" />,
    );
    expect(bodyRows()).toHaveLength(PAGE_SIZE);
    expect(screen.getByText('Page 1 of 200')).toBeDefined();
    expect(
      screen.getByText(
        `Rows 1–25 of 5,000 (the full result has ${answer.table.rowCount.toLocaleString('en-US')} rows; the first 5,000 are shown)`,
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 200')).toBeDefined();
    expect(bodyRows()[0]?.[0]).toBe(answer.table.rows[PAGE_SIZE]?.[0]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: /Average delay/ }));
    expect(screen.getByText('Page 1 of 200')).toBeDefined();
    const least = Math.min(...answer.table.rows.map((row) => row[2] as number));
    const style = columnStyles(answer).get('Average delay');
    expect(bodyRows()[0]?.[2]).toBe(formatValue(least, style ?? { format: 'number' }, 'en-US'));
  });
});

describe('the numbers of a column', () => {
  const answerWith = (columns: Table['columns'], rows: Table['rows']) => {
    const answer = recordedAnswer('answer-table');
    return {
      ...answer,
      chart: null,
      table: { columns, rows, rowCount: rows.length, truncated: false },
    };
  };
  const cells = (index: number) => bodyRows().map((row) => row[index]);

  it('take the decimals the column gives, the same for every value', () => {
    const answer = answerWith(
      [
        { name: 'Origin', type: 'string' },
        { name: 'Delay', type: 'number', decimals: 2 },
      ],
      [
        ['SFO', 5484.8449],
        ['LAX', 101.5],
        ['BOS', 3],
      ],
    );
    render(
      <AnswerTable table={answer.table} styles={columnStyles(answer)} locale="en-US" caption="x" />,
    );
    expect(cells(1)).toEqual(['5,484.84', '101.50', '3.00']);
  });

  it('without decimals, get one precision per column, not one per value', () => {
    const answer = answerWith(
      [
        { name: 'Origin', type: 'string' },
        { name: 'Delay', type: 'number' },
      ],
      [
        ['SFO', 99.25],
        ['LAX', 101.5],
        ['BOS', 7],
      ],
    );
    render(
      <AnswerTable table={answer.table} styles={columnStyles(answer)} locale="en-US" caption="x" />,
    );
    expect(cells(1)).toEqual(['99.3', '101.5', '7.0']);
  });

  it('show the display name and the unit in the header, and a currency column in its currency', () => {
    const answer = answerWith(
      [
        { name: 'Miles_per_Gallon', type: 'number', label: 'Miles per gallon', unit: 'mpg' },
        { name: 'Price', type: 'number', label: 'Price', format: 'currency', unit: 'EUR' },
      ],
      [[21.5, 12_000]],
    );
    render(
      <AnswerTable table={answer.table} styles={columnStyles(answer)} locale="en-US" caption="x" />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toContain('Miles per gallon (mpg)');
    expect(headers[0]).not.toContain('Miles_per_Gallon');
    expect(headers[1]).toMatch(/^Price\W/);
    expect(cells(1)).toEqual(['€12,000']);
  });

  it('write a daily timestamp as a day, without a time of day', () => {
    const answer = answerWith(
      [{ name: 'Day', type: 'timestamp' }],
      [['2001-01-19T00:00:00.000Z'], ['2001-01-20T00:00:00.000Z']],
    );
    render(
      <AnswerTable table={answer.table} styles={columnStyles(answer)} locale="en-US" caption="x" />,
    );
    expect(cells(0)).toEqual(['Jan 19, 2001', 'Jan 20, 2001']);
  });
});
