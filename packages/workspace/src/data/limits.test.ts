import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { DataError } from './errors.js';
import { Semaphore } from './limits.js';
import { openTestEngine } from '../testing/data.js';
import type { WorksheetRef } from './types.js';

describe('Semaphore', () => {
  it('hands permits out in order and lets waiters give up', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire(1000, () => new Error('late'));
    const order: string[] = [];
    const second = semaphore
      .acquire(1000, () => new Error('late'))
      .then((next) => {
        order.push('second');
        return next;
      });
    const gaveUp = semaphore.acquire(20, () => new Error('gave up'));
    await expect(gaveUp).rejects.toThrow('gave up');
    release();
    release();
    (await second)();
    expect(order).toEqual(['second']);
    const third = await semaphore.acquire(10, () => new Error('late'));
    third();
  });
});

describe('engine limits', () => {
  let engine: WorksheetEngine;
  let dispose: () => Promise<void>;
  let cars: WorksheetRef;
  // Four copies of the cars worksheet cross joined: ~27 billion rows, far beyond any time limit.
  const slow = 'SELECT count(*) FROM cars a, cars b, cars c, cars d WHERE a."Name" < d."Name"';

  beforeAll(async () => {
    ({ engine, dispose } = await openTestEngine({
      maxConcurrentQueries: 1,
      queueTimeoutMs: 100,
      queryTimeoutMs: 400,
    }));
    cars = { id: 'ws_cars', ...(await engine.ingest(demoDataFile('cars.json'))) };
  });

  afterAll(async () => {
    await dispose();
  });

  it('interrupts a query at the time limit, refuses work beyond the queue limit, then recovers', async () => {
    const started = Date.now();
    const running = engine.query(slow, [], { cars: cars.dataPath }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const queued = await engine.read(cars, {}).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(queued).toBeInstanceOf(DataError);
    expect((queued as DataError).code).toBe('unavailable');
    const timedOut = await running;
    expect(timedOut).toBeInstanceOf(DataError);
    expect((timedOut as DataError).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await engine.read(cars, { limit: 1 })).rows).toHaveLength(1);
  });

  it('stops a running query when its signal aborts (cancelled), and honours a longer time limit of its own', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const running = engine
      .query(slow, [], { cars: cars.dataPath }, { signal: abort.signal, timeoutMs: 60_000 })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 600));
    abort.abort();
    const cancelled = await running;
    expect(cancelled).toBeInstanceOf(DataError);
    expect((cancelled as DataError).code).toBe('cancelled');
    // It ran past the engine's 400 ms limit (its own was 60 s) and stopped soon after the abort.
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(10_000);
    const already = await engine
      .query('SELECT 1', [], { cars: cars.dataPath }, { signal: abort.signal })
      .catch((error: unknown) => error);
    expect((already as DataError).code).toBe('cancelled');
    expect((await engine.read(cars, { limit: 1 })).rows).toHaveLength(1);
  });

  it('refuses work once closed', async () => {
    const { engine: closing, dispose: disposeClosing } = await openTestEngine();
    await disposeClosing();
    await expect(closing.read(cars, {})).rejects.toMatchObject({ code: 'unavailable' });
  });
});
