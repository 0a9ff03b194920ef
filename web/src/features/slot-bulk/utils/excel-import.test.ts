import { excelImportMessages } from '#shared/messages/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExcelFile, EXCEL_MAX_BYTES, importExcelRows, mapSheetToColumns } from './excel-import';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

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
    expect(
      mapSheetToColumns(
        [
          ['a', 'b'],
          ['k', 'u', 'm', 'extra'],
        ],
        columns,
      ),
    ).toEqual([['k', 'u', 'm']]);
  });
});

describe('file rules', () => {
  it('accepts .xlsx and .xls up to 5 MB only', () => {
    expect(() => checkExcelFile({ name: 'a.xlsx', size: 10 })).not.toThrow();
    expect(() => checkExcelFile({ name: 'B.XLS', size: 10 })).not.toThrow();
    expect(() => checkExcelFile({ name: 'a.csv', size: 10 })).toThrow(excelImportMessages.type);
    expect(() => checkExcelFile({ name: 'a.xlsx', size: EXCEL_MAX_BYTES + 1 })).toThrow(excelImportMessages.size);
  });

  it('reads an HTML table saved as .xls', async () => {
    const html =
      '<html><body><table><tr><th>키워드</th><th>URL</th></tr><tr><td>k</td><td>u</td></tr></table></body></html>';
    const file = new File([html], 'export.xls');
    expect(await importExcelRows(file, columns)).toEqual([['k', 'u', '']]);
  });

  it('says so when the file holds only a header', async () => {
    const file = new File(['키워드\tURL\n'], 'only-header.xls');
    await expect(importExcelRows(file, columns)).rejects.toThrow(excelImportMessages.empty);
  });
});

/** Files saved by LibreOffice Calc from fixtures/slots.fods (see fixtures/make-fixtures.sh). */
const fixture = async (name: string) => new File([await readFile(join(import.meta.dirname, 'fixtures', name))], name);

describe.each(['slots.xlsx', 'slots.xls'])('a real %s saved by a spreadsheet program', (name) => {
  const withMemo = [...columns, { key: 'description', label: '메모' }];

  it('reads the first sheet: header dropped, columns by header, empty rows skipped, Korean text as typed', async () => {
    const rows = await importExcelRows(await fixture(name), withMemo);
    expect(rows.map((row) => row[0])).toEqual(['엑셀 키워드 1', '엑셀 키워드 2', '엑셀 키워드 3']);
    expect(rows[0][1]).toBe('https://www.coupang.com/vp/products/1101?itemId=2101&vendorItemId=3101');
    expect(rows[1][3]).toBe('한글 메모, 쉼표 포함');
  });

  it('keeps the leading zeros of a code stored as text, and a number as its digits', async () => {
    const rows = await importExcelRows(await fixture(name), withMemo);
    expect(rows.map((row) => row[2])).toEqual(['0012345', '92', '0000093']);
  });

  // In Seoul (ahead of UTC) a date read as local midnight would come out as the day before.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Seoul';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('gives a date cell as its calendar day, in a Korean browser too', async () => {
    const rows = await importExcelRows(await fixture(name), withMemo);
    expect(rows[0][3]).toBe('2025-03-01');
    expect(rows[2][3]).toBe('');
  });
});

describe('a file that only claims to be a workbook', () => {
  it('is refused with the parse message', async () => {
    const bytes = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3, 4]);
    await expect(importExcelRows(new File([bytes], 'broken.xls'), columns)).rejects.toThrow(excelImportMessages.parse);
  });
});
