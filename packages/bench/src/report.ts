/** One measured run: throughput, latency percentiles, errors, the server's CPU per request and memory. */
export interface Measurement {
  name: string;
  ceiling: boolean;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  rssBytes: number | undefined;
  /** The server process's CPU time (user + system) per request answered, in µs. */
  cpuMicrosPerRequest: number;
  /** The part of it spent in the kernel (system time), in µs. */
  systemMicrosPerRequest: number;
  /** The name of the SDK floor row this row is read against, if any. */
  floor?: string;
}

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const micros = (value: number) => `${value.toFixed(0)} µs`;

/** CPU time spent over a load (µs, from two readings) per request answered; 0 when none was. */
export function cpuPerRequest(beforeMicros: number, afterMicros: number, requests: number): number {
  return requests > 0 ? (afterMicros - beforeMicros) / requests : 0;
}
const mb = (bytes: number | undefined) =>
  bytes === undefined ? '' : `${int.format(bytes / 1024 / 1024)} MB`;

/**
 * The results as a markdown table; each MCP row's share is against the mean of the ceiling runs
 * measured right before and right after it in the same bench run (absolute figures vary with the
 * machine and its other load, and drift within a run; ratios to a neighbouring ceiling less). A
 * row read against an SDK floor row measured in the same run also shows how much CPU per request
 * it spends above that floor: the product's own share, the part changes to the product can move.
 */
export function formatTable(rows: Measurement[]): string {
  const lines = [
    '| request | req/s | ceiling around it | share of the ceiling | p50 | p99 | p99/p50 | errors | server CPU per request (of it system) | above the SDK floor | server RSS after |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const [index, row] of rows.entries()) {
    if (row.ceiling) continue;
    const ceiling = neighbouringCeiling(rows, index);
    const share = ceiling > 0 ? `${((row.requestsPerSecond / ceiling) * 100).toFixed(1)}%` : '';
    const spread = row.p50Ms > 0 ? `${(row.p99Ms / row.p50Ms).toFixed(1)}×` : '';
    const aboveFloor = cpuAboveFloor(rows, row);
    const above = aboveFloor === undefined ? '' : micros(aboveFloor);
    lines.push(
      `| ${row.name} | ${int.format(row.requestsPerSecond)} | ${int.format(ceiling)} | ${share} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${spread} | ${row.errors} | ${micros(row.cpuMicrosPerRequest)} (${micros(row.systemMicrosPerRequest)}) | ${above} | ${mb(row.rssBytes)} |`,
    );
  }
  const ceilings = rows.filter((row) => row.ceiling);
  if (ceilings.length > 0) {
    const rates = ceilings.map((row) => row.requestsPerSecond);
    const cpu = ceilings.map((row) => row.cpuMicrosPerRequest);
    lines.push(
      '',
      `ceiling: ${ceilings.length} runs, ${int.format(Math.min(...rates))}–${int.format(Math.max(...rates))} req/s, server CPU ${micros(Math.min(...cpu))}–${micros(Math.max(...cpu))} per request`,
    );
  }
  return lines.join('\n');
}

/**
 * CPU per request a row spends above its SDK floor row (µs; undefined when it has none or the
 * floor was not measured in this run, e.g. left out by `--only`).
 */
export function cpuAboveFloor(rows: Measurement[], row: Measurement): number | undefined {
  if (row.floor === undefined) return undefined;
  const floor = rows.find((other) => other.name === row.floor);
  return floor === undefined ? undefined : row.cpuMicrosPerRequest - floor.cpuMicrosPerRequest;
}

/** The mean of the ceiling runs nearest before and after row `index` (either, if only one). */
export function neighbouringCeiling(rows: Measurement[], index: number): number {
  const before = rows.slice(0, index).findLast((row) => row.ceiling);
  const after = rows.slice(index + 1).find((row) => row.ceiling);
  const around = [before, after].filter((row) => row !== undefined);
  if (around.length === 0) return 0;
  return around.reduce((sum, row) => sum + row.requestsPerSecond, 0) / around.length;
}

/**
 * The memory band of a soak's RSS samples: lowest, highest, and how far each lies from the
 * middle of the two (issue #9 asks for memory flat within ±10% over a 10-minute load).
 */
export function memoryBand(samples: readonly number[]): {
  low: number;
  high: number;
  plusMinusPercent: number;
} {
  const low = Math.min(...samples);
  const high = Math.max(...samples);
  return { low, high, plusMinusPercent: ((high - low) / (high + low)) * 100 };
}

export { mb as formatMegabytes };
