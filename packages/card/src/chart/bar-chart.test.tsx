import type { Answer } from '@ask-analyst/protocol';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer } from '../test-support/recorded.js';
import { AnswerView } from '../views/answer-view.js';
import { timeTicks } from './time-ticks.js';

/** An answer with one bar per category: `count` countries, country i holding i flights. */
function manyCategories(count: number): Answer {
  const base = recordedAnswer('answer-bar');
  return {
    ...base,
    summary: `Country ${count} has the most flights.`,
    table: {
      columns: [
        { name: 'Country', type: 'string' },
        { name: 'Flights', type: 'integer' },
      ],
      rows: Array.from({ length: count }, (_, i) => [`Country ${i + 1}`, i + 1]),
      rowCount: count,
      truncated: false,
    },
    chart: {
      type: 'bar',
      title: 'Flights by country',
      x: { column: 'Country', label: 'Country', format: 'text' },
      y: { column: 'Flights', label: 'Flights', format: 'integer' },
      series: null,
      orientation: 'horizontal',
    },
  };
}

const show = (answer: Answer) =>
  render(<AnswerView answer={answer} locale="en-US" onAsk={vi.fn()} />);

describe('a bar chart', () => {
  it('draws the largest of many categories, largest first, and says how many more', () => {
    show(manyCategories(72));
    const chart = screen.getByTestId('chart');
    const bars = chart.querySelectorAll('rect.bar');
    expect(bars).toHaveLength(15);
    expect(bars[0]?.getAttribute('aria-label')).toBe('Country 72: 72');
    expect(screen.getByTestId('more').textContent).toContain('and 57 more in the table');
    // The table keeps every row, and the chart is not the whole answer: it stays open.
    expect(chart.closest('.answer')?.querySelector('details.table-details')).toBeNull();
  });

  it('writes each value on its bar, as the table writes it', () => {
    show(recordedAnswer('answer-bar'));
    const labels = [...screen.getByTestId('chart').querySelectorAll('text.value-label')].map(
      (text) => text.textContent,
    );
    expect(labels).toHaveLength(5);
    expect(labels).toContain('158.5');
  });

  it('shows a readable tooltip when a bar gets keyboard focus or the pointer', () => {
    show(recordedAnswer('answer-bar'));
    const bars = screen.getByTestId('chart').querySelectorAll('rect.bar');
    const last = bars[bars.length - 1] as SVGRectElement;
    expect(last.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(last);
    expect(screen.getByRole('tooltip').textContent).toBe('8: 158.5');
    fireEvent.blur(last);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(bars[0] as SVGRectElement);
    expect(screen.getByRole('tooltip').textContent).toMatch(/^3: /);
  });

  // Issue 24, defect 8: empty values were a bare "—" category, and two long labels were clipped to
  // the same text.
  it('names an empty category, and tells long labels apart when it shortens them', () => {
    const long = 'Hartsfield Jackson Atlanta International Airport';
    const answer = manyCategories(3);
    answer.table.rows = [
      [`${long} North`, 3],
      [`${long} South`, 2],
      [null, 1],
    ];
    answer.chart = {
      ...(answer.chart as Extract<Answer['chart'], { type: 'bar' }>),
      orientation: 'vertical',
    };
    show(answer);
    const ticks = [...screen.getByTestId('chart').querySelectorAll('text.tick')]
      .filter((tick) => tick.querySelector('title'))
      .map((tick) => tick.lastChild?.textContent ?? '');
    expect(ticks).toHaveLength(3);
    expect(new Set(ticks).size).toBe(3);
    expect(ticks[0]).toMatch(/….*North$/);
    expect(ticks[1]).toMatch(/….*South$/);
    expect(ticks[2]).toBe('(empty)');
  });

  it('puts the legend of several series above the drawing', () => {
    show(recordedAnswer('answer-line-series'));
    const chart = screen.getByTestId('chart');
    const legend = within(chart).getByRole('list', { name: 'Series' });
    const svg = chart.querySelector('svg') as SVGElement;
    expect(legend.compareDocumentPosition(svg) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('time axis ticks', () => {
  const utc = (y: number, m = 1, d = 1) => Date.UTC(y, m - 1, d);

  it('fall on calendar years, every one, not on spread data points', () => {
    const labels = timeTicks(utc(2000), utc(2005, 6), 6).map((t) => t.label);
    expect(labels).toEqual(['2000', '2001', '2002', '2003', '2004', '2005']);
  });

  it('fall on the first of months, naming the year where it changes', () => {
    const ticks = timeTicks(utc(2001, 1), utc(2001, 7), 7);
    expect(ticks.map((t) => t.label)).toEqual([
      'Jan 2001',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
    ]);
    expect(ticks.every((t) => new Date(t.time).getUTCDate() === 1)).toBe(true);
  });

  it('label days as days, never with a time of day', () => {
    const labels = timeTicks(utc(2001, 1, 1), utc(2001, 1, 29), 5).map((t) => t.label);
    expect(labels[0]).toBe('Jan 1, 2001');
    expect(labels.join(' ')).not.toMatch(/AM|PM|:/);
  });
});
