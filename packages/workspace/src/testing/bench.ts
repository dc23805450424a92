/** Benchmark support: how long `work` took, in milliseconds, and what it returned. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Benchmark support: the median time of `runs` runs of `work`, in milliseconds. */
export async function medianMs(work: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await timed(work)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Benchmark support: milliseconds as printed, e.g. `12.3 ms`. */
export function formatMs(value: number): string {
  return `${value.toFixed(1)} ms`;
}
