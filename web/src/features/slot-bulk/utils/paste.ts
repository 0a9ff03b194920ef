import Papa from 'papaparse';

/**
 * Clipboard text copied from Excel or Google Sheets → a matrix of cells.
 *
 * Both put a block on the clipboard as tab-separated lines; a cell holding a tab, a line break or a
 * quote is wrapped in quotes with inner quotes doubled. papaparse reads exactly that dialect
 * (quoted multi-line cells included), so a pasted block lands cell for cell.
 * The trailing line break Excel adds is not an extra row; cells are trimmed.
 */
export function parseClipboardTable(text: string): string[][] {
  const normalised = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (normalised === '') return [];
  if (!normalised.includes('\t') && !normalised.includes('\n')) return [[normalised.trim()]];
  const { data } = Papa.parse<string[]>(normalised, {
    delimiter: '\t',
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
  });
  const rows = data.map((row) => row.map((cell) => (cell ?? '').trim()));
  // A block whose last lines are empty (selection ran past the data) adds no rows.
  while (rows.length > 0 && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
  return rows;
}

/** True when clipboard text is a block (several cells), not a single value typed into one cell. */
export const isTableText = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));
