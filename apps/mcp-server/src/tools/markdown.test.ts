import { describe, expect, it } from 'vitest';
import { cell, count, plural, table } from './markdown.js';

describe('markdown text of tool results', () => {
  it('renders cells as inert text: pipes escaped, lines flattened, long values cut', () => {
    expect(cell(null)).toBe('');
    expect(cell(12.5)).toBe('12.5');
    expect(cell('a|b\nc')).toBe('a\\|b c');
    expect(cell('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(cell('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('builds a table with one line per row', () => {
    expect(
      table(
        ['a', 'b'],
        [
          [1, null],
          ['|', true],
        ],
      ),
    ).toBe('| a | b |\n| --- | --- |\n| 1 |  |\n| \\| | true |');
  });

  it('counts with separators and plurals', () => {
    expect(count(3_000_000)).toBe('3,000,000');
    expect(plural(1, 'worksheet')).toBe('1 worksheet');
    expect(plural(2, 'worksheet')).toBe('2 worksheets');
  });
});
