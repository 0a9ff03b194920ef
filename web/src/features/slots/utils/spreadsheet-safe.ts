import Papa from 'papaparse';

/**
 * Spreadsheet-safe export (CSV/formula injection, OWASP "CSV Injection"): a text cell that starts
 * with a tab, CR or LF, or whose first visible character is = + - @ (or their full-width forms
 * ＝ ＋ － ＠, which spreadsheet programs may fold to ASCII), can be read as a formula by Excel,
 * LibreOffice or Google Sheets. They skip leading spaces, and a person cannot see control or format
 * characters (NUL, zero-width space, U+180E, bidi marks, BOM), so all of those are skipped too before
 * looking. Such a cell is prefixed with a single quote, which they show as plain text.
 * Numbers are written as numbers and never prefixed (a rank of -1 does not exist anyway).
 */
const FORMULA_START = /^[\t\r\n]|^[\s\p{Cc}\p{Cf}\u180E]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

export type ExportCell = string | number | null | undefined;

export function escapeSpreadsheetCell(value: ExportCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV text Excel opens correctly in Korean: UTF-8 with a byte-order mark (without it Excel reads
 * Hangul as mojibake), CRLF line ends, every field quoted where needed, formulas neutralised.
 */
export function toSpreadsheetSafeCsv(header: readonly string[], rows: readonly (readonly ExportCell[])[]): string {
  const data = [header.map(escapeSpreadsheetCell), ...rows.map((row) => row.map(escapeSpreadsheetCell))];
  return `\uFEFF${Papa.unparse(data, { newline: '\r\n', quotes: false, escapeFormulae: false })}`;
}

/** Saves text as a file through a temporary link (no library needed). */
export function downloadTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
