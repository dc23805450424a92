import { describe, expect, it } from 'vitest';
import MarkdownIt from 'markdown-it';
import { atLineStart, cell, code, count, plural, table, text } from './markdown.js';

describe('markdown text of tool results', () => {
  it('renders cells as inert text: markup escaped, lines flattened, long values cut', () => {
    expect(cell(null)).toBe('');
    expect(cell(12.5)).toBe('12.5');
    expect(cell(-5)).toBe('-5');
    expect(cell('a|b\nc')).toBe('a\\|b c');
    expect(cell('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(cell('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cell(' plain words ')).toBe('plain words');
    expect(cell('tab\there  and\u00a0nbsp')).toBe('tab here and nbsp');
    expect(cell('a\\b')).toBe('a\\\\b');
    expect(cell({ a: '|' })).toBe('{"a":"\\|"}');
    expect(cell('<img src=x onerror=alert(1)>')).toBe('\\<img src=x onerror=alert(1)\\>');
    expect(cell('[click](https://evil.test)')).toBe('\\[click\\](https://evil.test)');
    expect(cell('`code` *em* ~~del~~ &amp;')).toBe('\\`code\\` \\*em\\* \\~\\~del\\~\\~ \\&amp;');
    expect(cell('flight_date _em_')).toBe('flight_date \\_em\\_');
    expect(text('# not a heading\nsecond line')).toBe('# not a heading second line');
    expect(atLineStart(text('# title'))).toBe('\\# title');
    expect(atLineStart(text('- item'))).toBe('\\- item');
    expect(atLineStart(text('12. item'))).toBe('12\\. item');
    expect(atLineStart(text('12 items'))).toBe('12 items');
    expect(code('plain')).toBe('`plain`');
    expect(code('a`b')).toBe('``a`b``');
    expect(code('`x`')).toBe('`` `x` ``');
  });

  it('gives every cell a rendering (CommonMark + GFM, raw HTML allowed) of exactly its text', () => {
    const md = new MarkdownIt({ html: true, linkify: false });
    const shown = (markdown: string) =>
      md
        .renderInline(markdown)
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    const plain = (value: string, max: number) => {
      const text = value.replace(/\s+/g, ' ').trim();
      return text.length > max ? `${text.slice(0, max - 1)}…` : text;
    };
    const pieces = [
      'a',
      ' ',
      '  ',
      '\t',
      '\n',
      '|',
      '\\',
      '\u00a0',
      'é',
      '…',
      '<img src=x onerror=alert(1)>',
      '<b>',
      '[a](https://evil.test)',
      '![i](x.png)',
      '`',
      '``',
      '*',
      '_',
      '~~',
      '&amp;',
      '&#60;',
      '<https://evil.test>',
      'x'.repeat(30),
    ];
    let seed = 1;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 2_000; i++) {
      let value = '';
      for (let k = next() % 8; k >= 0; k--) value += pieces[next() % pieces.length];
      const rendered = md.renderInline(cell(value, 40));
      expect(rendered, JSON.stringify(value)).not.toMatch(/<(?!\/?(?:br)\b)[a-z]/i);
      expect(shown(cell(value, 40)), JSON.stringify(value)).toBe(plain(value, 40));
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
