import type { Answer } from '@ask-analyst/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer, recordedTurn } from '../test-support/recorded.js';
import { AnswerView } from '../views/answer-view.js';
import { TurnView } from '../views/turn-view.js';
import { partialLastPeriod } from './partial-period.js';

// The recorded monthly flights (Jan to Jul 2001); July holds 6 flights. Without the analyst's
// coverage, as if the data went on past July: only the time of the answer marks July.
const monthly = (): Answer => ({ ...recordedAnswer('answer-line'), coverage: undefined });

describe('a partial last period', () => {
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

  it('is not marked on an answer computed after the period ended, its data ending after it', () => {
    const recorded = recordedTurn('answer-line');
    const answer = {
      ...recorded.answer!,
      coverage: { ...recorded.answer!.coverage!, partial: false },
    };
    const { container } = render(<TurnView turn={{ ...recorded, answer }} onAsk={vi.fn()} />);
    expect(container.querySelector('.partial')).toBeNull();
    expect(screen.queryByTestId('partial-period')).toBeNull();
  });

  // Issue 24, defect 6: the data set ends mid-period (the demo flights end on July 1, 2001), long
  // before "today". The analyst states it (decision 131): the card marks July, the summary names
  // it partial instead of a -100% fall.
  it('is marked where the data ends inside the last period, however long ago', () => {
    const turn = recordedTurn('answer-line');
    expect(turn.answer?.coverage).toMatchObject({ column: 'Month', partial: true });
    const { container } = render(<TurnView turn={turn} locale="en-US" onAsk={vi.fn()} />);
    expect(container.querySelectorAll('polyline.line.partial')).toHaveLength(1);
    const hollow = container.querySelectorAll('circle.dot.partial');
    expect(hollow).toHaveLength(1);
    fireEvent.focus(hollow[0] as Element);
    expect(screen.getByRole('tooltip').textContent).toMatch(/: 6 \(partial\)$/);
    expect(screen.getByTestId('partial-period').textContent).toBe(
      'The data ends on Jul 1, 2001: Jul 2001 (dashed) holds only part of its month.',
    );
    const summary = screen.getByTestId('summary').textContent ?? '';
    expect(summary).not.toMatch(/-100|%\)\W*$/);
    expect(summary).toMatch(/is partial \(the data ends 2001-07-01\)/);
  });

  it('follows the turn: TurnView marks it from the time the turn finished', () => {
    const turn = { ...recordedTurn('answer-line'), finishedAt: '2001-07-02T00:00:00Z' };
    render(<TurnView turn={turn} locale="en-US" onAsk={vi.fn()} />);
    expect(screen.getByTestId('partial-period')).toBeTruthy();
  });
});
