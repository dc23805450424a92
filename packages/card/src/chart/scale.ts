/** A linear mapping from a domain to a pixel range. */
export interface LinearScale {
  (value: number): number;
  ticks: number[];
}

/** Round tick values (1, 2, 5 times a power of ten) covering [min, max] with about `count` steps. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) {
    if (min === 0) return [0, 1];
    return min > 0 ? [0, min] : [min, 0];
  }
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let value = start; value <= max + step * 1e-9; value += step) {
    ticks.push(Number(value.toPrecision(12)));
    if (ticks.length > 50) break;
  }
  if ((ticks.at(-1) ?? max) < max)
    ticks.push(Number((start + ticks.length * step).toPrecision(12)));
  return ticks;
}

/** A scale over nice ticks of the values, always including zero when `zero` is set (bars). */
export function linearScale(
  values: readonly number[],
  range: [number, number],
  options: { zero: boolean; count?: number },
): LinearScale {
  const finite = values.filter(Number.isFinite);
  let min = finite.length ? Math.min(...finite) : 0;
  let max = finite.length ? Math.max(...finite) : 1;
  if (options.zero) {
    min = Math.min(0, min);
    max = Math.max(0, max);
  }
  const ticks = niceTicks(min, max, options.count ?? 5);
  const low = ticks[0] ?? min;
  const high = ticks.at(-1) ?? max;
  const span = high - low || 1;
  const scale = ((value: number) =>
    range[0] + ((value - low) / span) * (range[1] - range[0])) as LinearScale;
  scale.ticks = ticks;
  return scale;
}

/** Up to `count` evenly spread indices of `length` items, always the first and the last. */
export function spreadIndices(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, i) => i);
  if (count <= 1) return [0];
  const result = new Set<number>();
  for (let i = 0; i < count; i++) result.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...result];
}

/** Shortens a label to about `chars` characters for an axis (the full text goes in a tooltip). */
export function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

/**
 * Labels shortened to `chars` each, told apart: two that would clip to the same text keep their
 * start and their end instead ("International…North", "International…South").
 */
export function clipAll(texts: readonly string[], chars: number): string[] {
  const clipped = texts.map((text) => clip(text, chars));
  const seen = new Map<string, number>();
  for (const text of clipped) seen.set(text, (seen.get(text) ?? 0) + 1);
  return clipped.map((short, i) => {
    const text = texts[i] as string;
    if ((seen.get(short) ?? 0) < 2 || short === text) return short;
    const room = Math.max(2, chars - 1);
    const head = Math.ceil(room / 2);
    return `${text.slice(0, head)}…${text.slice(text.length - (room - head))}`;
  });
}
