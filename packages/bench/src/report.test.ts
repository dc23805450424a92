import { describe, expect, it } from 'vitest';
import {
  cpuAboveFloor,
  cpuPerRequest,
  formatTable,
  memoryBand,
  neighbouringCeiling,
  type Measurement,
} from './report.js';

const row = (name: string, requestsPerSecond: number, ceiling = false): Measurement => ({
  name,
  ceiling,
  requestsPerSecond,
  p50Ms: 10,
  p99Ms: 25,
  errors: 0,
  rssBytes: undefined,
  cpuMicrosPerRequest: ceiling ? 20 : 150,
  systemMicrosPerRequest: ceiling ? 8 : 30,
});

describe('the bench report', () => {
  const rows = [
    row('ceiling', 10_000, true),
    row('ping', 3_000),
    row('ceiling', 14_000, true),
    row('tools/list', 2_400),
    row('ceiling', 16_000, true),
  ];

  it('compares each MCP row with the ceiling runs right around it', () => {
    expect(neighbouringCeiling(rows, 1)).toBe(12_000);
    expect(neighbouringCeiling(rows, 3)).toBe(15_000);
    expect(neighbouringCeiling([row('ping', 1), row('ceiling', 8_000, true)], 0)).toBe(8_000);
    expect(neighbouringCeiling([row('ping', 1)], 0)).toBe(0);
  });

  it('prints one line per MCP row with its share, and the range of the ceiling', () => {
    const table = formatTable(rows).split('\n');
    expect(table[2]).toBe(
      '| ping | 3,000 | 12,000 | 25.0% | 10 ms | 25 ms | 2.5× | 0 | 150 µs (30 µs) |  |  |',
    );
    expect(table[3]).toContain('| tools/list | 2,400 | 15,000 | 16.0% |');
    expect(table.at(-1)).toBe(
      'ceiling: 3 runs, 10,000–16,000 req/s, server CPU 20 µs–20 µs per request',
    );
  });

  it("shows a row's CPU above its SDK floor row, when that floor was measured in the run", () => {
    const ping = { ...row('ping', 3_000), cpuMicrosPerRequest: 180, floor: 'floor ping' };
    const floorPing = { ...row('floor ping', 9_000), cpuMicrosPerRequest: 110 };
    const withFloor = [row('ceiling', 40_000, true), ping, floorPing, row('ceiling', 40_000, true)];
    expect(cpuAboveFloor(withFloor, ping)).toBe(70);
    expect(formatTable(withFloor).split('\n')[2]).toContain('| 180 µs (30 µs) | 70 µs |');
    // The floor left out of the run (--only), or a row with no floor: the column stays empty.
    expect(cpuAboveFloor([ping], ping)).toBeUndefined();
    expect(cpuAboveFloor(withFloor, floorPing)).toBeUndefined();
    expect(formatTable([ping]).split('\n')[2]).toContain('| 180 µs (30 µs) |  |');
  });

  it('divides the CPU spent over a load by the requests answered, 0 when there were none', () => {
    expect(cpuPerRequest(1_000, 151_000, 1_000)).toBe(150);
    expect(cpuPerRequest(1_000, 5_000, 0)).toBe(0);
  });

  it('gives the memory band of a soak as the distance of its lowest and highest from their middle', () => {
    expect(memoryBand([320, 330, 340, 360])).toMatchObject({ low: 320, high: 360 });
    expect(memoryBand([320, 330, 340, 360]).plusMinusPercent).toBeCloseTo(5.88, 2);
    expect(memoryBand([346, 450, 400]).plusMinusPercent).toBeCloseTo(13.07, 2);
    expect(memoryBand([300]).plusMinusPercent).toBe(0);
  });
});
