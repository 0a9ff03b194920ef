import { describe, expect, it } from 'vitest';
import { checkExcelFile, EXCEL_MAX_BYTES, excelMessages, importExcelRows, mapSheetToColumns } from './excel-import';
import { buildXlsx } from '../../../../../test/support/xlsx';

const columns = [
  { key: 'keywords', label: '키워드' },
  { key: 'landingUrl', label: 'URL' },
  { key: 'mid', label: 'MID' },
];

describe('mapSheetToColumns', () => {
  it('drops the header row and maps by header names when they match', () => {
    const sheet = [
      ['MID', '키워드', '기타', 'url'],
      [7, 'k1', 'x', 'u1'],
      [null, null, null, null],
      ['', 'k2', '', 'u2'],
    ];
    expect(mapSheetToColumns(sheet, columns)).toEqual([
      ['k1', 'u1', '7'],
      ['k2', 'u2', ''],
    ]);
  });

  it('maps by position when the header names no column', () => {
    expect(mapSheetToColumns([['a', 'b'], ['k', 'u', 'm', 'extra']], columns)).toEqual([['k', 'u', 'm']]);
  });
});

describe('file rules', () => {
  it('accepts .xlsx and .xls up to 5 MB only', () => {
    expect(() => checkExcelFile({ name: 'a.xlsx', size: 10 })).not.toThrow();
    expect(() => checkExcelFile({ name: 'B.XLS', size: 10 })).not.toThrow();
    expect(() => checkExcelFile({ name: 'a.csv', size: 10 })).toThrow(excelMessages.type);
    expect(() => checkExcelFile({ name: 'a.xlsx', size: EXCEL_MAX_BYTES + 1 })).toThrow(excelMessages.size);
  });

  it('reads an HTML table saved as .xls', async () => {
    const html = '<html><body><table><tr><th>키워드</th><th>URL</th></tr><tr><td>k</td><td>u</td></tr></table></body></html>';
    const file = new File([html], 'export.xls');
    expect(await importExcelRows(file, columns)).toEqual([['k', 'u', '']]);
  });

  it('says so when the file holds only a header', async () => {
    const file = new File(['키워드\tURL\n'], 'only-header.xls');
    await expect(importExcelRows(file, columns)).rejects.toThrow(excelMessages.empty);
  });
});

describe('.xlsx through read-excel-file', () => {
  it('reads the first sheet, drops the header and maps the columns', async () => {
    const zip = buildXlsx([
      ['키워드', 'URL', 'MID'],
      ['엑셀 키워드', 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3', '123'],
    ]);
    const file = new File([zip as BlobPart], 'slots.xlsx');
    expect(await importExcelRows(file, columns)).toEqual([['엑셀 키워드', 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3', '123']]);
  });
});
