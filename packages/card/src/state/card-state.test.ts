import { describe, expect, it } from 'vitest';
import { recordedOutput } from '../test-support/recorded.js';
import { scenario } from '../fixtures/scenarios.js';
import type { AnalysisOutput } from '@ask-analyst/protocol';
import { applyOutput, INITIAL_STATE } from './card-state.js';

const step = (index: number) =>
  scenario('running').results[index]?.structuredContent as AnalysisOutput;

describe('applyOutput', () => {
  it('takes newer states of a turn and a later turn of the conversation', () => {
    let state = applyOutput(INITIAL_STATE, step(0));
    expect(state.turn?.progress?.step).toBe('understanding');
    state = applyOutput(state, step(2));
    expect(state.turn?.status).toBe('succeeded');
    const next = { ...step(0), turn: { ...step(0).turn, id: 'turn_next', index: 1 } };
    expect(applyOutput(state, next).turn?.id).toBe('turn_next');
  });

  it('ignores a late running state of a finished turn and updates of an earlier turn', () => {
    const done = applyOutput(INITIAL_STATE, step(2));
    expect(applyOutput(done, step(1))).toBe(done);
    const later = applyOutput(done, {
      ...step(2),
      turn: { ...step(2).turn, id: 'turn_b', index: 1 },
    });
    expect(applyOutput(later, step(2))).toBe(later);
  });

  it('starts over for another conversation', () => {
    const done = applyOutput(INITIAL_STATE, step(2));
    expect(applyOutput(done, recordedOutput('answer-kpi')).conversation?.id).not.toBe(
      done.conversation?.id,
    );
  });
});
