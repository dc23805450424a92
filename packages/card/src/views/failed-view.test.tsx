import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOSTILE, recordedTurn } from '../test-support/recorded.js';
import { FailedView } from './failed-view.js';

describe('the failed view', () => {
  it('says what happened and what to do for a failed turn', () => {
    const turn = recordedTurn('failed');
    render(
      <FailedView
        failure={{ kind: 'turn', code: turn.error?.code ?? '', message: turn.error?.message ?? '' }}
      />,
    );
    const error = screen.getByTestId('error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The question can be read in more than one way.');
    expect(error.textContent).toContain(turn.error?.message);
    expect(error.textContent).toContain('naming the reading you mean');
  });

  it('explains a timeout and a cancellation', () => {
    const first = render(
      <FailedView failure={{ kind: 'turn', code: 'timeout', message: 'over 120 s' }} />,
    );
    expect(screen.getByTestId('error').textContent).toContain('Narrow the question');
    first.unmount();
    render(<FailedView failure={{ kind: 'cancelled' }} />);
    expect(screen.getByTestId('error').textContent).toContain('The analysis was cancelled.');
  });

  it('shows a tool error with its wait, its request id and a way to check again', () => {
    const onRetry = vi.fn();
    render(
      <FailedView
        failure={{
          kind: 'problem',
          problem: {
            code: 'rate_limited',
            message: HOSTILE.script,
            retryable: true,
            retryAfterSeconds: 12,
            requestId: 'req_abc',
          },
        }}
        onRetry={onRetry}
      />,
    );
    const error = screen.getByTestId('error');
    expect(error.querySelector('script')).toBeNull();
    expect(error.textContent).toContain(HOSTILE.script);
    expect(error.textContent).toContain('You can try again in 12 s.');
    expect(error.textContent).toContain('req_abc');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('a turn that needs a choice or was not understood', () => {
  const alternatives = [
    { question: 'Which car has the highest Miles_per_Gallon?', reason: 'best as most efficient' },
    { question: 'Which car has the highest Horsepower?', reason: 'best as most powerful' },
  ];

  it('offers each alternative as a button that asks it as the follow-up', () => {
    const onAsk = vi.fn();
    render(
      <FailedView
        failure={{ kind: 'turn', code: 'needs_clarification', message: 'm', alternatives }}
        onAsk={onAsk}
      />,
    );
    const error = screen.getByTestId('error');
    expect(error.className).toContain('clarify');
    expect(error.textContent).toContain('Pick the reading you mean.');
    fireEvent.click(screen.getByRole('button', { name: alternatives[1]!.question }));
    expect(onAsk).toHaveBeenCalledWith(alternatives[1]!.question);
  });

  it('does not point at suggestions it does not have', () => {
    render(
      <FailedView
        failure={{ kind: 'turn', code: 'not_understood', message: 'm' }}
        onAsk={vi.fn()}
      />,
    );
    expect(screen.getByTestId('error').textContent).not.toMatch(/suggestion/);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers the question to the other worksheets of the workbook', async () => {
    const ask = vi.fn();
    const list = vi.fn(() =>
      Promise.resolve([
        { id: 'ws_a', name: 'Cars' },
        { id: 'ws_b', name: 'Movies' },
      ]),
    );
    render(
      <FailedView
        failure={{ kind: 'turn', code: 'not_understood', message: 'm' }}
        onAsk={vi.fn()}
        askWorksheet={{ list, ask, current: 'ws_a' }}
      />,
    );
    const details = screen.getByText('Ask another worksheet').closest('details') as HTMLElement;
    (details as HTMLDetailsElement).open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.click(await screen.findByRole('button', { name: 'Movies' }));
    expect(ask).toHaveBeenCalledWith('ws_b');
    expect(screen.queryByRole('button', { name: 'Cars' })).toBeNull();
  });
});
