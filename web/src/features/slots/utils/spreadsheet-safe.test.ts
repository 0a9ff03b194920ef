import { describe, expect, it } from 'vitest';
import { escapeSpreadsheetCell, toSpreadsheetSafeCsv } from './spreadsheet-safe';

describe('escapeSpreadsheetCell (formula injection)', () => {
  it.each([
    '=1+2',
    '+cmd',
    '-2+3',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '\nx',
    '=HYPERLINK("http://evil","클릭")',
    ' =1+2',
    '  @SUM(A1)',
    '\u3000+cmd',
    ' \t-2',
    '\u200B=1+2',
    '\u0000=1+2',
    '\u180E@SUM(A1)',
    '\uFF1D1+2',
    '\uFEFF\u202E=cmd',
    '\u200D\uFF20x',
    '\u00AD-1+2',
  ])('prefixes %j with a quote', (value) => {
    expect(escapeSpreadsheetCell(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text, numbers and blanks alone', () => {
    expect(escapeSpreadsheetCell('키워드')).toBe('키워드');
    expect(escapeSpreadsheetCell('https://www.coupang.com/vp/products/1')).toBe(
      'https://www.coupang.com/vp/products/1',
    );
    expect(escapeSpreadsheetCell('a=b')).toBe('a=b');
    expect(escapeSpreadsheetCell(' 키워드 -1')).toBe(' 키워드 -1');
    expect(escapeSpreadsheetCell(12)).toBe(12);
    expect(escapeSpreadsheetCell(null)).toBe('');
    expect(escapeSpreadsheetCell(undefined)).toBe('');
  });
});

describe('toSpreadsheetSafeCsv', () => {
  it('writes a BOM, CRLF rows, quotes where needed and neutralised formulas', () => {
    const csv = toSpreadsheetSafeCsv(
      ['키워드', '순위'],
      [
        ['=cmd|"/c calc"!A1', 3],
        ['a,b', null],
        ['줄\n바꿈', 999],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('키워드,순위');
    expect(lines[1]).toBe(`"'=cmd|""/c calc""!A1",3`);
    expect(lines[2]).toBe('"a,b",');
    expect(csv).toContain('"줄\n바꿈",999');
  });
});
