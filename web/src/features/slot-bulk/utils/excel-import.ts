import { excelImportMessages } from '#shared/messages/slots';
import { parseClipboardTable } from './paste';

/**
 * Excel upload into the bulk registration grid (.xlsx and .xls; the first row is the header and is
 * dropped).
 *
 * - .xlsx (a zip) and .xls (BIFF in an OLE2 file): one reader, SheetJS (`@e965/xlsx`, a maintained
 *   republication of SheetJS CE 0.20; the npm `xlsx` 0.18.5 is years old and has known advisories).
 *   It is large, so it is imported only when a file is chosen and is not in the page's first load.
 * - Many "xls" exports are really HTML tables or tab-separated text with an .xls name: those are
 *   read as what they are.
 */
export const EXCEL_MAX_BYTES = 5 * 1024 * 1024;
export const EXCEL_ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

export class ExcelImportError extends Error {}

export interface ImportColumn {
  key: string;
  label: string;
}

type RawCell = string | number | boolean | Date | null | undefined;

const cellText = (value: RawCell): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
};

/** Checks the file rules before reading; throws ExcelImportError with the Korean message. */
export function checkExcelFile(file: Pick<File, 'name' | 'size'>) {
  if (!/\.(xlsx|xls)$/i.test(file.name)) throw new ExcelImportError(excelImportMessages.type);
  if (file.size > EXCEL_MAX_BYTES) throw new ExcelImportError(excelImportMessages.size);
}

const normalise = (text: string) => text.toLowerCase().replace(/[\s_\-*()]/g, '');

/**
 * Drops the header row and orders the cells as the grid's columns: by header name when the header
 * names at least one column (label or key, e.g. '키워드' or 'keywords'), otherwise by position.
 * Blank lines are skipped.
 */
export function mapSheetToColumns(sheet: RawCell[][], columns: readonly ImportColumn[]): string[][] {
  if (sheet.length === 0) return [];
  const [header, ...body] = sheet.map((row) => row.map(cellText));
  const byName = columns.map((column) => {
    const names = new Set([normalise(column.label), normalise(column.key)]);
    return header.findIndex((h) => h !== '' && names.has(normalise(h)));
  });
  const useHeader = byName.some((i) => i >= 0);
  const order = useHeader ? byName : columns.map((_, i) => i);
  return body
    .map((row) => order.map((i) => (i >= 0 ? (row[i] ?? '') : '')))
    .filter((row) => row.some((cell) => cell !== ''));
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An HTML table saved as .xls: its rows and cells as text. */
function readHtmlTable(html: string): RawCell[][] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const table = doc.querySelector('table');
  if (!table) return [];
  return [...table.querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('th,td')].map((td) => td.textContent ?? ''),
  );
}

/**
 * The first sheet of an .xlsx/.xls workbook. Cells keep their stored values: text stays text (a code
 * such as '0012345' keeps its zeros), numbers are numbers, and dates come as UTC calendar days so the
 * day does not move with the browser's time zone (KST is ahead of UTC).
 */
async function readWorkbookFirstSheet(bytes: Uint8Array): Promise<RawCell[][]> {
  const { read, utils } = await import('@e965/xlsx');
  const workbook = read(bytes, { type: 'array', cellDates: true, dense: true, UTC: true });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet) return [];
  return utils.sheet_to_json<RawCell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: false, UTC: true });
}

async function readBytes(file: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ExcelImportError(excelImportMessages.read);
  }
}

/** Reads the first sheet of an .xlsx/.xls file into rows of cells (header row included). */
async function readSpreadsheet(file: File): Promise<RawCell[][]> {
  checkExcelFile(file);
  const bytes = await readBytes(file);
  try {
    if (startsWith(bytes, ZIP) || startsWith(bytes, OLE2)) return await readWorkbookFirstSheet(bytes);
    const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
    if (/<table[\s>]/i.test(text)) return readHtmlTable(text);
    if (text.includes('\t')) return parseClipboardTable(text);
  } catch (error) {
    if (error instanceof ExcelImportError) throw error;
    throw new ExcelImportError(excelImportMessages.parse);
  }
  throw new ExcelImportError(excelImportMessages.parse);
}

/** The whole upload: rules, reading, header dropped, cells in grid order. */
export async function importExcelRows(file: File, columns: readonly ImportColumn[]): Promise<string[][]> {
  const rows = mapSheetToColumns(await readSpreadsheet(file), columns);
  if (rows.length === 0) throw new ExcelImportError(excelImportMessages.empty);
  return rows;
}
