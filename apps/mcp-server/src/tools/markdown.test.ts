import { describe, expect, it } from 'vitest';
import { cell, count, plural, table } from './markdown.js';

describe('markdown text of tool results', () => {
  it('renders cells as inert text: pipes escaped, lines flattened, long values cut', () => {
    expect(cell(null)).toBe('');
    expect(cell(12.5)).toBe('12.5');
    expect(cell('a|b\nc')).toBe('a\\|b c');
    expect(cell('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(cell('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cell(' plain words ')).toBe('plain words');
    expect(cell('tab\there  and\u00a0nbsp')).toBe('tab here and nbsp');
    expect(cell('a\\b')).toBe('a\\\\b');
    expect(cell({ a: '|' })).toBe('{"a":"\\|"}');
  });

  it('gives every cell the text of the plain rules (flatten all whitespace, cut, escape)', () => {
    const plain = (value: string, max: number) => {
      const text = value.replace(/\s+/g, ' ').trim();
      const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
      return short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
    };
    const pieces = [
      'a',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '|',
      '\\',
      '\u00a0',
      '\u2028',
      'é',
      '…',
      'x'.repeat(30),
    ];
    let seed = 1;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 2_000; i++) {
      let value = '';
      for (let k = next() % 8; k >= 0; k--) value += pieces[next() % pieces.length];
      expect(cell(value, 20), JSON.stringify(value)).toBe(plain(value, 20));
    }
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

  it('counts with separators and plurals, as Intl does in en-US', () => {
    expect(count(3_000_000)).toBe('3,000,000');
    const intl = new Intl.NumberFormat('en-US');
    const values = [
      0,
      -0,
      7,
      -7,
      999,
      1000,
      -1000,
      12_345,
      999_999,
      1_000_000,
      -98_765_432,
      2 ** 53 - 1,
      1.5,
      -1234.5678,
      0.0001,
      Number.NaN,
      Infinity,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const value of values) expect(count(value), String(value)).toBe(intl.format(value));
    expect(plural(1, 'worksheet')).toBe('1 worksheet');
    expect(plural(2, 'worksheet')).toBe('2 worksheets');
  });
});
