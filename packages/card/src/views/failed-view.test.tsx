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
