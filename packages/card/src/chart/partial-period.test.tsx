import type { Answer } from '@ask-analyst/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer, recordedTurn } from '../test-support/recorded.js';
import { AnswerView } from '../views/answer-view.js';
import { TurnView } from '../views/turn-view.js';
import { partialLastPeriod, periodEnd } from './partial-period.js';

// The recorded monthly flights (Jan to Jul 2001); July holds 6 flights.
const monthly = (): Answer => recordedAnswer('answer-line');

describe('a partial last period', () => {
  it('ends each grain on its calendar boundary', () => {
    const start = Date.UTC(2001, 10, 1);
    expect(periodEnd(start, 'month')).toBe(Date.UTC(2001, 11, 1));
    expect(periodEnd(start, 'quarter')).toBe(Date.UTC(2002, 1, 1));
    expect(periodEnd(Date.UTC(2001, 0, 1), 'year')).toBe(Date.UTC(2002, 0, 1));
    expect(periodEnd(start, 'week')).toBe(Date.UTC(2001, 10, 8));
    expect(periodEnd(start, 'month_of_year')).toBeNull();
  });

  it('is the last month when the answer was computed before it ended, and only then', () => {
    const july = Date.UTC(2001, 6, 1);
    expect(partialLastPeriod(monthly(), Date.UTC(2001, 6, 9))).toEqual({
      start: july,
      grain: 'month',
    });
    expect(partialLastPeriod(monthly(), Date.UTC(2001, 7, 1))).toBeNull();
    expect(partialLastPeriod(recordedAnswer('answer-bar'), Date.UTC(2001, 6, 9))).toBeNull();
  });

  it('is drawn dashed with a hollow last point, "so far" on focus, and a note', () => {
    const { container } = render(
      <AnswerView answer={monthly()} asOf="2001-07-09T10:00:00Z" locale="en-US" onAsk={vi.fn()} />,
    );
    const dashed = container.querySelectorAll('polyline.line.partial');
    expect(dashed).toHaveLength(1);
    // The dashed segment runs from June (the last whole month) to July.
    expect(dashed[0]?.getAttribute('points')?.split(' ')).toHaveLength(2);
    const hollow = container.querySelectorAll('circle.dot.partial');
    expect(hollow).toHaveLength(1);
    fireEvent.focus(hollow[0] as Element);
    expect(screen.getByRole('tooltip').textContent).toMatch(/: 6 \(so far\)$/);
    expect(screen.getByTestId('partial-period').textContent).toMatch(
      /^Jul 2001 was not over when this was answered: .* part of the month\.$/,
    );
  });

  it('is not marked on an answer computed after the period ended', () => {
    const { container } = render(<TurnView turn={recordedTurn('answer-line')} onAsk={vi.fn()} />);
    expect(container.querySelector('.partial')).toBeNull();
    expect(screen.queryByTestId('partial-period')).toBeNull();
  });

  it('follows the turn: TurnView marks it from the time the turn finished', () => {
    const turn = { ...recordedTurn('answer-line'), finishedAt: '2001-07-02T00:00:00Z' };
    render(<TurnView turn={turn} locale="en-US" onAsk={vi.fn()} />);
    expect(screen.getByTestId('partial-period')).toBeTruthy();
  });
});
