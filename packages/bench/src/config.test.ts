import { describe, expect, it } from 'vitest';
import { loadBenchConfig } from './config.js';

describe('the bench configuration', () => {
  it('starts the stack with no Node options of its own unless asked', () => {
    expect(loadBenchConfig([], {}, '/repo').stackFlags).toEqual([]);
    expect(
      loadBenchConfig(['--stack-flags=--heap-growing-percent=0  --trace-gc'], {}, '/repo')
        .stackFlags,
    ).toEqual(['--heap-growing-percent=0', '--trace-gc']);
    // Node's parseArgs takes a value starting with '-' only joined to its option by '='.
    expect(() => loadBenchConfig(['--stack-flags', '--trace-gc'], {}, '/repo')).toThrow(
      /stack-flags/,
    );
  });

  it('refuses an unknown option or a bad number, naming it', () => {
    expect(() => loadBenchConfig(['--stack-flag', 'x'], {}, '/repo')).toThrow(/stack-flag/);
    expect(() => loadBenchConfig(['--duration', '0'], {}, '/repo')).toThrow(/--duration/);
  });
});
