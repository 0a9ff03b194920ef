import { describe, expect, it } from 'vitest';
import { isTableText, parseClipboardTable } from './paste';

describe('parseClipboardTable', () => {
  it('reads an Excel block: tabs between cells, CRLF between rows, a trailing line break', () => {
    const text =
      '키워드1\thttps://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3\t100\r\n키워드2\thttps://x\t\r\n';
    expect(parseClipboardTable(text)).toEqual([
      ['키워드1', 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3', '100'],
      ['키워드2', 'https://x', ''],
    ]);
  });

  it('reads a Google Sheets block (LF, no trailing line break)', () => {
    expect(parseClipboardTable('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps a quoted cell with a line break and doubled quotes as one cell', () => {
    expect(parseClipboardTable('"line1\nline2"\t"say ""hi"""\nx\ty')).toEqual([
      ['line1\nline2', 'say "hi"'],
      ['x', 'y'],
    ]);
  });

  it('reads a single value and trims cells', () => {
    expect(parseClipboardTable('  단일값  ')).toEqual([['단일값']]);
    expect(parseClipboardTable(' a \t b ')).toEqual([['a', 'b']]);
  });

  it('drops blank lines at the end of the selection and returns nothing for empty text', () => {
    expect(parseClipboardTable('a\tb\n\t\n\t\n')).toEqual([['a', 'b']]);
    expect(parseClipboardTable('')).toEqual([]);
    expect(parseClipboardTable('\r\n')).toEqual([]);
  });

  it('keeps blank rows in the middle so pasted rows stay aligned', () => {
    expect(parseClipboardTable('a\n\nb')).toEqual([['a'], [''], ['b']]);
  });
});

describe('isTableText', () => {
  it('tells a block from a single value', () => {
    expect(isTableText('a\tb')).toBe(true);
    expect(isTableText('a\nb')).toBe(true);
    expect(isTableText('just text')).toBe(false);
    expect(isTableText('value\r\n')).toBe(false);
  });
});
