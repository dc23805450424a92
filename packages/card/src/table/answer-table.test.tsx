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
    fireEvent.click(screen.getByRole('button', { name: /Average Delay/ }));
    expect(screen.getByText('Page 1 of 200')).toBeDefined();
    const least = Math.min(...answer.table.rows.map((row) => row[3] as number));
    expect(bodyRows()[0]?.[3]).toBe(formatValue(least, { format: 'number' }, 'en-US'));
  });
});
