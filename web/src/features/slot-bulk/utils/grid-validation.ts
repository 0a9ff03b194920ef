import type { FieldConfig } from '#shared/field-configs';
import { validateSlotFields } from '#shared/slot-fields';
import { toFieldValue } from '@/lib/slots/field-values';
import { isBlankRow } from './grid';

/**
 * Per-cell validation of the bulk registration grid with the shared slot field rules (the same
 * function the server runs on every row). Blank rows are skipped, not errors: a grid
 * starts with more rows than most people fill.
 */
export interface GridValidation {
  /** `${row}:${col}` → the Korean message for that cell. */
  cellErrors: Map<string, string>;
  /** Indexes of the non-blank rows, i.e. the rows that will be registered. */
  filledRows: number[];
  /** Non-blank rows with at least one error. */
  invalidRows: number[];
  /** Every error as 'N행 {label}: {message}', in grid order. */
  messages: string[];
}

export const cellKey = (row: number, col: number) => `${row}:${col}`;

export function validateGrid(
  rows: readonly (readonly string[])[],
  columns: readonly FieldConfig[],
  configs: readonly FieldConfig[],
): GridValidation {
  const cellErrors = new Map<string, string>();
  const filledRows: number[] = [];
  const invalidRows: number[] = [];
  const messages: string[] = [];
  const columnIndex = new Map(columns.map((c, i) => [c.field_key, i]));

  rows.forEach((row, r) => {
    if (isBlankRow(row)) return;
    filledRows.push(r);
    const result = validateSlotFields(toCustomFields(row, columns), configs, 'complete');
    if (result.ok) return;
    invalidRows.push(r);
    for (const issue of result.errors) {
      const col = columnIndex.get(issue.field) ?? 0;
      if (!cellErrors.has(cellKey(r, col))) cellErrors.set(cellKey(r, col), issue.message);
      messages.push(`${r + 1}행 ${issue.label ?? ''}: ${issue.message}`.replace(' :', ':'));
    }
  });
  return { cellErrors, filledRows, invalidRows, messages };
}

/**
 * A grid row as the customFields of POST /slots/bulk (blank cells left out). Typed and pasted words
 * become the stored value here ('예' / 'Y' → 'true', 'red' → the option 'Red'); what maps to nothing
 * is sent as it is, so the shared rules flag that cell.
 */
export function toCustomFields(row: readonly string[], columns: readonly FieldConfig[]): Record<string, string> {
  // fromEntries: every key becomes an own property, whatever it is called.
  return Object.fromEntries(
    columns.flatMap((column, i) => {
      const value = toFieldValue(column, row[i] ?? '');
      return value ? [[column.field_key, value]] : [];
    }),
  );
}

/** 'a, b, c 외 N개' style: the first `max` lines then '... 외 N개' (a long list would push the grid away). */
export function truncateLines(lines: readonly string[], max: number): string[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), `... 외 ${lines.length - max}개`];
}
