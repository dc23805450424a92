import type { Answer } from '@ask-analyst/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer } from '../test-support/recorded.js';
import { AnswerView } from './answer-view.js';

/** A recorded answer as the service returns it for a client's plan (SPEC section 4, `plan`). */
function clientPlanned(): Answer {
  const answer = recordedAnswer('answer-bar');
  return {
    ...answer,
    interpretation: {
      ...answer.interpretation,
      slots: answer.interpretation.slots.map((slot) => ({
        ...slot,
        source: 'client',
        words: null,
      })),
      unused: [],
      alternatives: [],
    },
  };
}

describe('an answer the client planned', () => {
  it('is drawn like any answer, each slot saying it came from the client', () => {
    const answer = clientPlanned();
    const { container } = render(
      <AnswerView answer={answer} locale="en-US" busy={false} onAsk={vi.fn()} />,
    );
    expect(screen.getByTestId('summary').textContent).toBe(answer.summary);
    expect(screen.getByTestId('chart').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('answer-table').tagName).toBe('TABLE');
    expect(container.querySelector('.restatement')?.textContent).toBe(
      answer.interpretation.restatement,
    );
    const sources = [...container.querySelectorAll('.slot-source')];
    expect(sources).toHaveLength(answer.interpretation.slots.length);
    for (const source of sources) {
      expect(source.classList.contains('source-client')).toBe(true);
      expect(source.textContent).toBe("(from the client's plan)");
    }
    expect(screen.queryByTestId('caution')).toBeNull();
  });
});
