/** One measured run: throughput, latency percentiles, errors, and the server's memory after it. */
export interface Measurement {
  name: string;
  ceiling: boolean;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  rssBytes: number | undefined;
}

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const mb = (bytes: number | undefined) =>
  bytes === undefined ? '' : `${int.format(bytes / 1024 / 1024)} MB`;

/**
 * The results as a markdown table; each MCP row's share is against the mean of the ceiling runs
 * of the same bench run (absolute figures vary with the machine and its other load; ratios less).
 */
export function formatTable(rows: Measurement[]): string {
  const ceilings = rows.filter((row) => row.ceiling);
  const ceiling =
    ceilings.reduce((sum, row) => sum + row.requestsPerSecond, 0) / Math.max(1, ceilings.length);
  const lines = [
    '| request | req/s | share of the ceiling | p50 | p99 | p99/p50 | errors | server RSS after |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const share = row.ceiling
      ? '(ceiling)'
      : `${((row.requestsPerSecond / ceiling) * 100).toFixed(1)}%`;
    const spread = row.p50Ms > 0 ? `${(row.p99Ms / row.p50Ms).toFixed(1)}×` : '';
    lines.push(
      `| ${row.name} | ${int.format(row.requestsPerSecond)} | ${share} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${spread} | ${row.errors} | ${mb(row.rssBytes)} |`,
    );
  }
  lines.push('', `ceiling (mean of ${ceilings.length} runs): ${int.format(ceiling)} req/s`);
  return lines.join('\n');
}

export { mb as formatMegabytes };
