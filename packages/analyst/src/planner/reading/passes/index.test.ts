import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READING_PASSES } from './index.js';

const folder = new URL('./', import.meta.url);

describe('READING_PASSES', () => {
  it('lists every pass of this folder once, by a kebab-case name that is its file name', () => {
    const names = READING_PASSES.map((pass) => pass.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect([...names].sort()).toEqual(files.sort());
  });

  it('has a table test next to every pass', () => {
    for (const pass of READING_PASSES)
      expect(existsSync(new URL(`./${pass.name}.test.ts`, folder)), pass.name).toBe(true);
  });
});
