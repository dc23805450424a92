import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again: 50 means to 1.5×. Left to itself, V8 (Node 20, 22 and 24 alike) lets a busy
 * server's old generation grow to about 4× (the product under list_workbooks load: a V8 heap
 * swinging between 47 and 179 MB, RSS between 346 and 450 MB); held at 1.5× the heap stays
 * between 51 and 79 MB and RSS between 306 and 342 MB, at about the same CPU per request
 * (docs/performance.md, decision 68).
 */
export const HEAP_GROWING_PERCENT = 50;

const OWN_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Holds the heap's growth between full collections at `HEAP_GROWING_PERCENT`, for the whole
 * process; an entry point calls it first. A process started with its own `--heap-growing-percent`
 * keeps it. Returns whether the flag was set here.
 */
export function holdHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => OWN_FLAG.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
