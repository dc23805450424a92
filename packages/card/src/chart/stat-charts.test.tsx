import type { Answer, ChartField } from '@ask-analyst/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer } from '../test-support/recorded.js';
import { AnswerView } from '../views/answer-view.js';

const field = (column: string, format: ChartField['format'] = 'number'): ChartField => ({
  column,
  label: column,
  format,
});

function answerOf(
  columns: Answer['table']['columns'],
  rows: Answer['table']['rows'],
  chart: Answer['chart'],
): Answer {
  return {
    ...recordedAnswer('answer-bar'),
    table: { columns, rows, rowCount: rows.length, truncated: false },
    chart,
  };
}

const show = (answer: Answer) =>
  render(<AnswerView answer={answer} locale="en-US" onAsk={vi.fn()} />);

describe('the SPEC 4 chart kinds', () => {
  it('draws a histogram: one bar a bin, side by side, its range and count on focus', () => {
    show(
      answerOf(
        [
          { name: 'From', type: 'number' },
          { name: 'To', type: 'number' },
          { name: 'Cars', type: 'integer' },
        ],
        [
          [40, 80, 120],
          [80, 120, 180],
          [120, 160, 60],
          [160, 240, 30],
        ],
        {
          type: 'histogram',
          title: 'Horsepower',
          x: field('From'),
          x2: field('To'),
          y: field('Cars', 'integer'),
        },
      ),
    );
    const bars = [...screen.getByTestId('chart').querySelectorAll('rect.bar')];
    expect(bars).toHaveLength(4);
    const ends = bars.map(
      (bar) => Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')),
    );
    expect(Number(bars[1]?.getAttribute('x'))).toBeCloseTo((ends[0] ?? 0) + 1, 0);
    fireEvent.focus(bars[1] as Element);
    expect(screen.getByRole('tooltip').textContent).toBe('80 to 120: 180');
  });

  it('draws a box plot: a box from q1 to q3 a group, whiskers to min and max, the median', () => {
    show(
      answerOf(
        ['Origin', 'Min', 'Q1', 'Median', 'Q3', 'Max'].map((name, i) => ({
          name,
          type: i === 0 ? 'string' : 'number',
        })),
        [
          ['USA', 52, 88, 105, 150, 230],
          ['Japan', 52, 67, 75, 95, 132],
        ],
        {
          type: 'boxplot',
          title: 'Horsepower by origin',
          x: field('Origin', 'text'),
          min: field('Min'),
          q1: field('Q1'),
          median: field('Median'),
          q3: field('Q3'),
          max: field('Max'),
        },
      ),
    );
    const chart = screen.getByTestId('chart');
    expect(chart.querySelectorAll('rect.box')).toHaveLength(2);
    expect(chart.querySelectorAll('line.median')).toHaveLength(2);
    expect(chart.textContent).toContain('Japan');
    fireEvent.focus(chart.querySelector('rect.box') as Element);
    expect(screen.getByRole('tooltip').textContent).toBe(
      'USA: median 105, middle half 88 to 150, range 52 to 230',
    );
  });

  it('draws a scatter plot, one point a row, with the correlation in words in view', () => {
    show(
      answerOf(
        [
          { name: 'Horsepower', type: 'number' },
          { name: 'Weight', type: 'number' },
          { name: 'Origin', type: 'string' },
        ],
        [
          [130, 3504, 'USA'],
          [165, 3693, 'USA'],
          [95, 2372, 'Japan'],
        ],
        {
          type: 'scatter',
          title: 'Horsepower and weight',
          x: field('Horsepower'),
          y: field('Weight'),
          series: field('Origin', 'text'),
          correlation: 0.86,
          sampled: true,
        },
      ),
    );
    const chart = screen.getByTestId('chart');
    expect(chart.querySelectorAll('circle.dot')).toHaveLength(3);
    expect(chart.querySelectorAll('circle.dot.series-1')).toHaveLength(1);
    expect(screen.getByTestId('correlation').textContent).toBe(
      'Correlation r = 0.86: strong positive. A fixed sample of the rows is drawn.',
    );
  });
});
