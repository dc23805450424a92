import type { Answer } from '@ask-analyst/protocol';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOSTILE, hostileAnswer, recordedAnswer } from '../test-support/recorded.js';
import { AnswerView } from './answer-view.js';

function show(name: string, onAsk = vi.fn()) {
  const view = render(
    <AnswerView answer={recordedAnswer(name)} locale="en-US" busy={false} onAsk={onAsk} />,
  );
  return { ...view, onAsk };
}

describe('the answer view', () => {
  it('shows the summary, a bar chart, the table, the source and the query collapsed', () => {
    const { container } = show('answer-bar');
    const answer = recordedAnswer('answer-bar');
    expect(screen.getByTestId('summary').textContent).toBe(answer.summary);
    const chart = screen.getByTestId('chart');
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(answer.table.rows.length);
    const table = screen.getByTestId('answer-table');
    expect(table.tagName).toBe('TABLE');
    expect(within(table).getAllByRole('row')).toHaveLength(answer.table.rows.length + 1);
    expect(within(table).getByText('158.5')).toBeDefined();
    expect(container.querySelector('.source')?.textContent).toBe('Source: Cars');
    const details = container.querySelector('details.query') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('avg("Horsepower")');
  });

  it('draws a line for a time series, one line per series with a legend', () => {
    const first = show('answer-line');
    // One line, and the dashed segment to July, where the data ends (a partial month).
    expect(
      screen.getByTestId('chart').querySelectorAll('polyline.line:not(.partial)'),
    ).toHaveLength(1);
    expect(screen.getAllByText(/May 2001/).length).toBeGreaterThan(0);
    first.unmount();
    const answer = recordedAnswer('answer-line-series');
    const symbols = new Set(answer.table.rows.map((row) => row[1]));
    render(<AnswerView answer={answer} locale="en-US" busy={false} onAsk={vi.fn()} />);
    const chart = screen.getByTestId('chart');
    expect(chart.querySelectorAll('polyline.line:not(.partial)')).toHaveLength(symbols.size);
    expect(within(chart).getByRole('list', { name: 'Series' }).children).toHaveLength(symbols.size);
  });

  it('shows a KPI as a large number in an SVG', () => {
    show('answer-kpi');
    const svg = screen.getByTestId('chart').querySelector('svg');
    const value = recordedAnswer('answer-kpi').table.rows[0]?.[0] as number;
    expect(svg?.querySelector('.kpi-value')?.textContent).toBe(
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value),
    );
  });

  it('draws no chart for a table-only answer or an empty result, and says no rows matched', () => {
    const first = show('answer-table');
    expect(screen.queryByTestId('chart')).toBeNull();
    first.unmount();
    show('answer-empty');
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.getByText('No rows match this question.')).toBeDefined();
    expect(screen.getByText('0 rows')).toBeDefined();
  });

  it('shows the table alone for a chart kind added after this card', () => {
    const answer = recordedAnswer('answer-bar');
    const later = { type: 'sankey', title: 'Flows' } as unknown as NonNullable<Answer['chart']>;
    render(
      <AnswerView
        answer={{ ...answer, chart: later }}
        locale="en-US"
        busy={false}
        onAsk={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('chart')).toBeNull();
    const table = screen.getByTestId('answer-table');
    expect(within(table).getAllByRole('row')).toHaveLength(answer.table.rows.length + 1);
  });

  it('offers the alternatives as follow-ups', () => {
    const { onAsk } = show('answer-bar-top');
    fireEvent.click(screen.getByRole('button', { name: 'average Worldwide Gross by title' }));
    expect(onAsk).toHaveBeenCalledWith('average Worldwide Gross by title');
  });

  it('renders hostile values as text: markup is shown, never run; long text and nulls fit', () => {
    const { container } = render(
      <AnswerView answer={hostileAnswer()} locale="en-US" busy={false} onAsk={vi.fn()} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('summary').textContent).toBe(`Summary with ${HOSTILE.script}`);
    const table = screen.getByTestId('answer-table');
    expect(within(table).getByText(HOSTILE.script)).toBeDefined();
    expect(within(table).getByText(HOSTILE.long).textContent).toHaveLength(HOSTILE.long.length);
    expect(within(table).getAllByLabelText('empty')).toHaveLength(3);
    expect(within(table).getByText('9007199254740993')).toBeDefined();
    expect(within(table).getByText('not a date')).toBeDefined();
    expect(screen.getByTestId('chart').textContent).toContain(HOSTILE.image);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
