import { describe, expect, it } from 'vitest';
import { createTelemetryBatcher } from './batcher.js';
import type { ToolCallRecord } from './record.js';

const record = (i: number): ToolCallRecord => ({
  at: new Date(0),
  userId: 'usr_x',
  orgId: 'org_x',
  clientId: 'client',
  tool: 'probe',
  outcome: 'ok',
  errorCode: null,
  durationMs: 1,
  requestId: `req_${i}`,
  argumentShape: {},
});

describe('createTelemetryBatcher', () => {
  it('writes records in batches, keeps a failed batch for the next attempt, and flushes all on close', async () => {
    const written: string[][] = [];
    let failNext = true;
    const batcher = createTelemetryBatcher({
      maxBatch: 3,
      flushDelayMs: 60_000,
      write: async (records) => {
        if (failNext) {
          failNext = false;
          throw new Error('database unavailable');
        }
        written.push(records.map((r) => r.requestId));
      },
    });
    for (let i = 0; i < 7; i += 1) await batcher.sink(record(i));
    await batcher.close();
    expect(written.flat()).toEqual(['req_0', 'req_1', 'req_2', 'req_3', 'req_4', 'req_5', 'req_6']);
    expect(Math.max(...written.map((batch) => batch.length))).toBeLessThanOrEqual(3);
    expect(batcher.pending).toBe(0);
  });

  it('holds a bounded backlog while writes fail and says how many it dropped', async () => {
    const drops: number[] = [];
    const batcher = createTelemetryBatcher({
      maxPending: 5,
      maxBatch: 100,
      flushDelayMs: 60_000,
      write: () => Promise.reject(new Error('down')),
      onDrop: (dropped) => drops.push(dropped),
    });
    for (let i = 0; i < 8; i += 1) await batcher.sink(record(i));
    expect(batcher.pending).toBe(5);
    expect(drops.reduce((a, b) => a + b, 0)).toBe(3);
    await expect(batcher.close()).rejects.toThrow('down');
  });
});
