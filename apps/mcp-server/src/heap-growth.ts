import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again: 100 means to 2×. With a heap limit of 2 GiB or more (the default on a machine
 * with 8 GB or more), V8 lets a busy server's old generation grow to about 4× (the product under
 * list_workbooks load: the V8 heap swinging between 47 and 179 MB, RSS between 346 and 450 MB);
 * held at 2×, RSS stays within a few percent. Tighter (1.5×) costs more full collections than the
 * p99 target allows (docs/performance-archive.md, decision 68).
 */
const HEAP_GROWING_PERCENT = 100;

/**
 * Below an old-generation limit of 2 GiB V8 grows the heap by at most 2× on its own (its ceiling
 * rises from 1.3× at 256 MB to 2× at 2 GiB, then jumps to 4×; Node 20's V8), so holding it at 2×
 * would loosen it there. `heap_size_limit` adds the young generation (48 MB by default): held
 * from an old-generation limit just under 2 GiB, where V8's own ceiling is 1.96–2×.
 */
const SMALLEST_LIMIT_HELD = 2 * 1024 * 1024 * 1024;

/** V8 takes one dash or two, and `-` or `_` between the words. */
const OWN_FLAG = /^--?heap[-_]growing[-_]percent=/;

/**
 * Holds the heap's growth between full collections at 2× for the whole process, where V8 would
 * let it grow further; an entry point calls it before serving. A process started with its own
 * `--heap-growing-percent` keeps it. Returns whether the flag was set here.
 */
export function holdHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  heapSizeLimit: number = getHeapStatistics().heap_size_limit,
): boolean {
  if (execArgv.some((arg) => OWN_FLAG.test(arg))) return false;
  if (heapSizeLimit < SMALLEST_LIMIT_HELD) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
