/**
 * The bulk registration spreadsheet: pure state and
 * keyboard rules, so they are unit-tested without a DOM.
 *
 * A cell is selected, then edited, then committed on Enter, Tab or blur, or cancelled with Escape.
 * The grid always keeps at least MIN_ROWS rows and never grows past MAX_ROWS.
 */
export const MIN_ROWS = 5;
export const MAX_ROWS = 1000;

interface Cell {
  row: number;
  col: number;
}

export interface GridState {
  rows: string[][];
  columnCount: number;
  /** Row limits: MIN_ROWS/MAX_ROWS for the registration grid; equal for a fixed list of slots. */
  minRows: number;
  maxRows: number;
  cursor: Cell;
  /** While a cell is being edited: its text so far and what it held before (Escape restores it). */
  editing: { draft: string; original: string } | null;
}

export type GridAction =
  | { type: 'select'; row: number; col: number }
  | { type: 'move'; dRow: number; dCol: number }
  /** Tab / Shift+Tab: right or left, wrapping to the next or previous row. */
  | { type: 'tab'; backwards: boolean }
  | { type: 'startEdit'; draft?: string }
  | { type: 'draft'; value: string }
  | { type: 'commit'; then?: 'down' | 'tab' | 'tab-back' }
  | { type: 'cancel' }
  | { type: 'clear' }
  | { type: 'paste'; matrix: string[][] }
  | { type: 'addRows'; count: number }
  | { type: 'deleteRow'; row: number }
  | { type: 'load'; rows: string[][]; append?: boolean }
  | { type: 'reset' };

const emptyRow = (columnCount: number) => Array.from({ length: columnCount }, () => '');

const fitRow = (row: readonly string[], columnCount: number) =>
  Array.from({ length: columnCount }, (_, i) => (row[i] ?? '').toString());

export const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

type Limits = Pick<GridState, 'minRows' | 'maxRows' | 'columnCount'>;

/** Pads to the minimum row count and cuts at the maximum. */
function withMinimum(rows: string[][], { minRows, maxRows, columnCount }: Limits): string[][] {
  const out = rows.slice(0, maxRows);
  while (out.length < minRows) out.push(emptyRow(columnCount));
  return out;
}

export function createGridState(
  columnCount: number,
  rows: string[][] = [],
  { minRows = MIN_ROWS, maxRows = MAX_ROWS }: { minRows?: number; maxRows?: number } = {},
): GridState {
  const limits = { columnCount, minRows, maxRows: Math.max(minRows, maxRows) };
  return {
    ...limits,
    rows: withMinimum(
      rows.map((r) => fitRow(r, columnCount)),
      limits,
    ),
    cursor: { row: 0, col: 0 },
    editing: null,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function clampCursor(state: GridState, cell: Cell): Cell {
  return {
    row: clamp(cell.row, 0, state.rows.length - 1),
    col: clamp(cell.col, 0, Math.max(0, state.columnCount - 1)),
  };
}

function setCell(rows: string[][], { row, col }: Cell, value: string): string[][] {
  if (rows[row][col] === value) return rows;
  const next = rows.slice();
  next[row] = rows[row].slice();
  next[row][col] = value;
  return next;
}

/** Writes the edit in progress (if any) into the rows. */
function commitEdit(state: GridState): GridState {
  if (!state.editing) return state;
  return { ...state, rows: setCell(state.rows, state.cursor, state.editing.draft), editing: null };
}

function tabMove(state: GridState, backwards: boolean): GridState {
  const { row, col } = state.cursor;
  const last = state.columnCount - 1;
  if (!backwards) {
    if (col < last) return { ...state, cursor: { row, col: col + 1 } };
    if (row < state.rows.length - 1) return { ...state, cursor: { row: row + 1, col: 0 } };
    // Tab past the last cell opens a new row, as spreadsheets do.
    if (state.rows.length < state.maxRows) {
      return { ...state, rows: [...state.rows, emptyRow(state.columnCount)], cursor: { row: row + 1, col: 0 } };
    }
    return state;
  }
  if (col > 0) return { ...state, cursor: { row, col: col - 1 } };
  if (row > 0) return { ...state, cursor: { row: row - 1, col: last } };
  return state;
}

export function gridReducer(state: GridState, action: GridAction): GridState {
  switch (action.type) {
    case 'select': {
      const committed = commitEdit(state);
      return { ...committed, cursor: clampCursor(committed, action) };
    }
    case 'move': {
      const committed = commitEdit(state);
      const { row, col } = committed.cursor;
      return { ...committed, cursor: clampCursor(committed, { row: row + action.dRow, col: col + action.dCol }) };
    }
    case 'tab':
      return tabMove(commitEdit(state), action.backwards);
    case 'startEdit': {
      const current = state.rows[state.cursor.row][state.cursor.col];
      if (state.editing)
        return action.draft === undefined ? state : { ...state, editing: { ...state.editing, draft: action.draft } };
      return { ...state, editing: { original: current, draft: action.draft ?? current } };
    }
    case 'draft':
      if (!state.editing)
        return { ...state, editing: { original: state.rows[state.cursor.row][state.cursor.col], draft: action.value } };
      return { ...state, editing: { ...state.editing, draft: action.value } };
    case 'commit': {
      const committed = commitEdit(state);
      if (action.then === 'down') {
        const { row, col } = committed.cursor;
        return { ...committed, cursor: clampCursor(committed, { row: row + 1, col }) };
      }
      if (action.then === 'tab') return tabMove(committed, false);
      if (action.then === 'tab-back') return tabMove(committed, true);
      return committed;
    }
    case 'cancel':
      return { ...state, editing: null };
    case 'clear':
      return { ...state, editing: null, rows: setCell(state.rows, state.cursor, '') };
    case 'paste': {
      const matrix = action.matrix.filter((r) => r.length > 0);
      if (matrix.length === 0) return state;
      const base = commitEdit(state);
      const { row: top, col: left } = base.cursor;
      const needed = Math.max(base.rows.length, Math.min(top + matrix.length, base.maxRows));
      const rows = base.rows.slice();
      while (rows.length < needed) rows.push(emptyRow(base.columnCount));
      matrix.forEach((values, i) => {
        const r = top + i;
        if (r >= needed) return;
        rows[r] = rows[r].slice();
        values.forEach((value, j) => {
          const c = left + j;
          if (c < base.columnCount) rows[r][c] = value;
        });
      });
      return { ...base, rows };
    }
    case 'addRows': {
      const room = state.maxRows - state.rows.length;
      const count = Math.max(0, Math.min(action.count, room));
      if (count === 0) return state;
      return { ...state, rows: [...state.rows, ...Array.from({ length: count }, () => emptyRow(state.columnCount))] };
    }
    case 'deleteRow': {
      if (action.row < 0 || action.row >= state.rows.length) return state;
      const remaining = state.rows.filter((_, i) => i !== action.row);
      const rows = withMinimum(remaining, state);
      const next = { ...state, rows, editing: null };
      return { ...next, cursor: clampCursor(next, state.cursor) };
    }
    case 'load': {
      const incoming = action.rows.map((r) => fitRow(r, state.columnCount));
      const kept = action.append ? state.rows.filter((r) => !isBlankRow(r)) : [];
      const rows = withMinimum([...kept, ...incoming], state);
      return { ...state, rows, editing: null, cursor: { row: 0, col: 0 } };
    }
    case 'reset':
      return createGridState(state.columnCount, [], state);
  }
}

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** True while an IME (Hangul) composition is in progress: keys then belong to the IME. */
  isComposing?: boolean;
}

/**
 * What a key does in the grid. `null` leaves the key to the browser (typing into the cell's input,
 * moving the caret while editing, copy/paste shortcuts).
 */
export function gridKeyAction(state: GridState, key: KeyInput): GridAction | null {
  if (key.isComposing || key.key === 'Process') return null;
  const modifier = key.ctrlKey || key.metaKey || key.altKey;
  if (state.editing) {
    switch (key.key) {
      case 'Enter':
        return { type: 'commit', then: 'down' };
      case 'Tab':
        return { type: 'commit', then: key.shiftKey ? 'tab-back' : 'tab' };
      case 'Escape':
        return { type: 'cancel' };
      default:
        return null;
    }
  }
  if (modifier) return null;
  switch (key.key) {
    case 'ArrowUp':
      return { type: 'move', dRow: -1, dCol: 0 };
    case 'ArrowDown':
      return { type: 'move', dRow: 1, dCol: 0 };
    case 'ArrowLeft':
      return { type: 'move', dRow: 0, dCol: -1 };
    case 'ArrowRight':
      return { type: 'move', dRow: 0, dCol: 1 };
    case 'Tab':
      return { type: 'tab', backwards: !!key.shiftKey };
    case 'Enter':
    case 'F2':
      return { type: 'startEdit' };
    case 'Delete':
    case 'Backspace':
      return { type: 'clear' };
    default:
      return null;
  }
}
