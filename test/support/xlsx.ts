import { strToU8, zipSync } from 'fflate';

/**
 * A minimal but valid .xlsx (one sheet, inline strings; numeric-looking cells stored as numbers,
 * as Excel does) — what a user's spreadsheet upload looks like to the importer.
 */
export function buildXlsx(rows: string[][]): Uint8Array {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const column = (i: number) => String.fromCharCode(65 + i);
  const cell = (ref: string, text: string) =>
    /^\d+$/.test(text) ? `<c r="${ref}"><v>${text}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`;
  const sheetRows = rows.map((row, r) => `<row r="${r + 1}">${row.map((text, c) => cell(`${column(c)}${r + 1}`, text)).join('')}</row>`).join('\n');
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  return zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': xml(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': xml(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\n${sheetRows}\n</sheetData></worksheet>`),
  });
}
