import type { TurnRecord } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { TurnEvents } from './turn-events.js';

const turn = (id: string, step: string): TurnRecord => ({
  id,
  conversationId: 'conv_1',
  index: 0,
  question: 'q',
  status: 'running',
  createdAt: '2026-11-23T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  progress: { step, message: step },
  answer: null,
  error: null,
});

describe('TurnEvents.watch', () => {
  it('keeps a change made while the watcher was busy, and gives the latest one', async () => {
    const events = new TurnEvents();
    const watch = events.watch('turn_a');
    events.emit(turn('turn_a', 'understanding'));
    events.emit(turn('turn_b', 'querying'));
    events.emit(turn('turn_a', 'querying'));
    expect((await watch.next(0))?.progress?.step).toBe('querying');
    expect(await watch.next(0)).toBeNull();
    watch.close();
  });

  it('wakes a waiting watcher at once, and gives null when the time is up or the signal aborts', async () => {
    const events = new TurnEvents();
    const watch = events.watch('turn_a');
    const waiting = watch.next(10_000);
    setTimeout(() => events.emit(turn('turn_a', 'summarizing')), 10);
    expect((await waiting)?.progress?.step).toBe('summarizing');
    expect(await watch.next(20)).toBeNull();
    const abort = new AbortController();
    const aborted = watch.next(10_000, abort.signal);
    abort.abort();
    expect(await aborted).toBeNull();
    watch.close();
  });

  it('stops listening when closed', async () => {
    const events = new TurnEvents();
    const watch = events.watch('turn_a');
    const waiting = watch.next(10_000);
    watch.close();
    expect(await waiting).toBeNull();
    events.emit(turn('turn_a', 'querying'));
    expect(await watch.next(0)).toBeNull();
  });
});
