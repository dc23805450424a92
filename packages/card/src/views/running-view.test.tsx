import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordedTurn } from '../test-support/recorded.js';
import { RunningView } from './running-view.js';

describe('the running view', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the current step, the time since the turn started, and cancels', () => {
    const turn = recordedTurn('running', 1);
    vi.useFakeTimers({ now: Date.parse(turn.startedAt as string) + 65_000 });
    const onCancel = vi.fn();
    render(<RunningView turn={turn} cancelling={false} onCancel={onCancel} />);
    expect(screen.getByTestId('step').textContent).toBe('Running the query over 406 rows');
    expect(screen.getByText('Querying the data').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('elapsed').textContent).toContain('1 min 05 s');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('elapsed').textContent).toContain('1 min 07 s');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a queued turn waiting for its turn, and a cancel on its way', () => {
    render(<RunningView turn={recordedTurn('queued')} cancelling onCancel={vi.fn()} />);
    // The step is named twice: in the list of steps (the current one) and as the live step.
    const current = screen
      .getAllByText('Waiting for its turn')
      .filter((element) => element.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancelling…' }).disabled).toBe(
      true,
    );
  });
});

describe('what a screen reader hears while a turn runs', () => {
  it('the step, once when it changes; never the ticking seconds', () => {
    render(<RunningView turn={recordedTurn('running', 1)} cancelling={false} />);
    const live = document.querySelectorAll('[aria-live]');
    expect(live).toHaveLength(1);
    expect(live[0]?.contains(screen.getByTestId('step'))).toBe(true);
    expect(live[0]?.contains(screen.getByTestId('elapsed'))).toBe(false);
  });
});
