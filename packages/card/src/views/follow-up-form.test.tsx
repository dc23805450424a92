import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FollowUpForm } from './follow-up-form.js';

describe('the follow-up input', () => {
  it('sends the trimmed question with the button or Enter, then clears the field', () => {
    const onAsk = vi.fn();
    render(<FollowUpForm busy={false} onAsk={onAsk} />);
    const input = screen.getByTestId<HTMLInputElement>('follow-up-input');
    const submit = screen.getByTestId<HTMLButtonElement>('follow-up-submit');
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  now by month  ' } });
    fireEvent.click(submit);
    expect(onAsk).toHaveBeenLastCalledWith('now by month');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'only for SFO' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onAsk).toHaveBeenLastCalledWith('only for SFO');
    expect(input.closest('form')).toBeNull();
  });

  it('sends nothing while a request is on its way', () => {
    const onAsk = vi.fn();
    render(<FollowUpForm busy onAsk={onAsk} />);
    fireEvent.change(screen.getByTestId('follow-up-input'), { target: { value: 'x' } });
    fireEvent.keyDown(screen.getByTestId('follow-up-input'), { key: 'Enter' });
    expect(onAsk).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLButtonElement>('follow-up-submit').textContent).toBe('Asking…');
  });
});
