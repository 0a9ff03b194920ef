import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
} from 'react';
import { Icon } from '@/components/ui/icon';
import { useLatest } from '@/hooks/use-latest';
import { gridKeyAction, type GridAction, type GridState } from '../utils/grid';
import { cellKey } from '../utils/grid-validation';
import { isTableText, parseClipboardTable } from '../utils/paste';
import styles from './spreadsheet-grid.module.css';

export interface GridColumnView {
  key: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  /** CSS width, e.g. '40%' or '160px'. */
  width?: string;
  /** Choices the cell editor offers (a select's options, 예 / 아니오 for a boolean). */
  choices?: readonly string[];
  /** How a cell's text reads when not edited (a boolean word as 예 / 아니오). */
  format?: (value: string) => string;
}

/**
 * Past this many rows the body renders only the rows in view (plus a margin and the cursor's row),
 * with spacer rows standing in for the rest: a 1,000-row paste then renders about 40 rows, not 1,000
 * (so no long task over 200 ms freezes the page). Smaller grids render every row.
 */
export const WINDOW_FROM_ROWS = 100;
const OVERSCAN_ROWS = 12;
/** `.cell` height and `.wrap` max-height; measured once the grid is laid out. */
const DEFAULT_ROW_HEIGHT = 36;
const DEFAULT_VIEWPORT_HEIGHT = 560;

interface RowWindow {
  /** The first row (0-based) at the top of the scrolled area, and how many rows fit in it. */
  first: number;
  count: number;
}

/** The row ranges [from, to) to render: the window around the view, and the cursor's row. */
export function renderedRanges(rowCount: number, view: RowWindow, cursorRow: number): [number, number][] {
  if (rowCount <= WINDOW_FROM_ROWS) return [[0, rowCount]];
  const from = Math.max(0, Math.min(view.first, rowCount - 1) - OVERSCAN_ROWS);
  const to = Math.min(rowCount, view.first + view.count + OVERSCAN_ROWS);
  if (cursorRow >= from && cursorRow < to) return [[from, to]];
  // The cursor's row (it holds the focused input) stays rendered wherever the view is.
  const cursor: [number, number] = [cursorRow, cursorRow + 1];
  if (cursorRow === to) return [[from, to + 1]];
  if (cursorRow === from - 1) return [[from - 1, to]];
  return cursorRow < from ? [cursor, [from, to]] : [[from, to], cursor];
}

interface SpreadsheetGridProps {
  label: string;
  columns: readonly GridColumnView[];
  state: GridState;
  dispatch: Dispatch<GridAction>;
  cellErrors?: ReadonlyMap<string, string>;
  /** The row header text (default: the 1-based row number). */
  rowLabel?: (row: number) => ReactNode;
  /** Shows a delete button per row. */
  onDeleteRow?: (row: number) => void;
  disabled?: boolean;
}

/**
 * A small spreadsheet: click or arrow to a cell, type to replace it (Enter or F2 edits it), Enter /
 * Tab / leaving the cell commits, Escape cancels, Delete clears. A block copied from Excel or Google
 * Sheets pastes across cells from the selected one and adds rows as needed.
 *
 * The selected cell always holds a real, focused <input> whose text is selected, so typing — Hangul
 * IME composition included — goes straight into it and replaces the value like a spreadsheet.
 */
export function SpreadsheetGrid({
  label,
  columns,
  state,
  dispatch,
  cellErrors,
  rowLabel,
  onDeleteRow,
  disabled,
}: SpreadsheetGridProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const wantsFocus = useRef(false);
  // Set from a grid action until its render is done: the old cell's input is removed in that render,
  // and Chromium fires blur on a removed focused element. That blur is not the user leaving the grid.
  const moving = useRef(false);
  const follow = () => {
    wantsFocus.current = true;
    moving.current = true;
  };
  const { cursor, editing } = state;
  const windowed = state.rows.length > WINDOW_FROM_ROWS;
  const [rowHeight, setRowHeight] = useState(DEFAULT_ROW_HEIGHT);
  const [view, setView] = useState<RowWindow>({
    first: 0,
    count: Math.ceil(DEFAULT_VIEWPORT_HEIGHT / DEFAULT_ROW_HEIGHT),
  });

  // Which rows are in view: on scroll, and when the grid becomes windowed (its real row height too).
  const measureView = useCallback(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const headerHeight = wrap.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const first = Math.max(0, Math.floor((wrap.scrollTop - headerHeight) / rowHeight));
    const count = Math.ceil((wrap.clientHeight || DEFAULT_VIEWPORT_HEIGHT) / rowHeight);
    setView((v) => (v.first === first && v.count === count ? v : { first, count }));
  }, [rowHeight]);
  useLayoutEffect(() => {
    if (!windowed) return;
    const measured = wrapRef.current?.querySelector('tbody tr[aria-rowindex]')?.getBoundingClientRect().height;
    if (measured && Math.abs(measured - rowHeight) > 0.5) setRowHeight(measured);
    measureView();
  }, [windowed, rowHeight, measureView]);

  // Follow the cursor with the focus once the user works in the grid (never steal it on load). A
  // layout effect: the new cell's input has the focus before the next key or paste arrives.
  // Not on every keystroke of an edit: only when the cell or the edit mode changes.
  const isEditing = editing !== null;
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !wantsFocus.current) return;
    if (document.activeElement !== input) input.focus({ preventScroll: false });
    if (!isEditing) input.select();
    input.closest('td')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [cursor.row, cursor.col, isEditing]);
  // After every render (so after the focus above): blurs count again.
  useLayoutEffect(() => {
    moving.current = false;
  });

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const action = gridKeyAction(state, {
      key: event.key,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (!action) return;
    event.preventDefault();
    // Escape here only cancels the cell edit: keep it from the surrounding modal, which closes on
    // Escape in its own (React) onKeyDown. Escape outside an edit is not a grid action and bubbles.
    if (action.type === 'cancel') event.stopPropagation();
    follow();
    dispatch(action);
    if (action.type === 'startEdit') {
      // Caret to the end: editing keeps the value instead of replacing it.
      requestAnimationFrame(() => {
        const input = inputRef.current;
        if (input) input.setSelectionRange(input.value.length, input.value.length);
      });
    }
  };

  const onPaste = (event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (editing && !isTableText(text)) return; // a value pasted into the text being edited
    event.preventDefault();
    follow();
    dispatch({ type: 'paste', matrix: parseClipboardTable(text) });
  };

  const select = (row: number, col: number) => {
    wantsFocus.current = true;
    if (row === cursor.row && col === cursor.col) return;
    moving.current = true;
    dispatch({ type: 'select', row, col });
  };

  // Rows are memoised (a 1,000-row paste, then every cursor move, re-renders only the rows that
  // changed); they reach the current handlers through this ref instead of new props each render.
  const handlers = useLatest<RowHandlers>({
    select,
    startEdit: () => {
      follow();
      dispatch({ type: 'startEdit' });
    },
    draft: (value) => dispatch({ type: 'draft', value }),
    onKeyDown,
    onPaste,
    focus: () => {
      wantsFocus.current = true;
    },
    blur: () => {
      if (moving.current) return;
      wantsFocus.current = false;
      if (editing) dispatch({ type: 'commit' });
    },
    deleteRow: (row) => onDeleteRow?.(row),
  });

  return (
    <div className={styles.wrap} ref={wrapRef} onScroll={windowed ? measureView : undefined}>
      <table className={styles.grid} role="grid" aria-label={label} aria-rowcount={state.rows.length + 1}>
        <colgroup>
          <col className={styles.rowHeaderCol} />
          {columns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
          {onDeleteRow && <col className={styles.actionCol} />}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className={styles.corner}>
              #
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
                {c.required && (
                  <span className={styles.required} aria-label="필수">
                    *
                  </span>
                )}
              </th>
            ))}
            {onDeleteRow && (
              <th scope="col" className={styles.actionHead}>
                <span className="visually-hidden">행 삭제</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {renderedRanges(state.rows.length, view, cursor.row).flatMap(([from, to], i, ranges) => {
            const gapBefore = from - (i === 0 ? 0 : ranges[i - 1][1]);
            const rows: ReactNode[] = [];
            if (gapBefore > 0)
              rows.push(
                <SpacerRow
                  key={`gap-${from}`}
                  height={gapBefore * rowHeight}
                  colSpan={columns.length + (onDeleteRow ? 2 : 1)}
                />,
              );
            for (let r = from; r < to; r++) {
              const active = r === cursor.row;
              rows.push(
                <GridRow
                  key={r}
                  r={r}
                  row={state.rows[r]}
                  columns={columns}
                  activeCol={active ? cursor.col : -1}
                  draft={active && editing ? editing.draft : null}
                  errors={columns.map((_, c) => cellErrors?.get(cellKey(r, c)) ?? '').join('\u0000')}
                  label={rowLabel ? rowLabel(r) : r + 1}
                  deletable={!!onDeleteRow}
                  disabled={!!disabled}
                  handlers={handlers}
                  inputRef={inputRef}
                />,
              );
            }
            const rest = state.rows.length - to;
            if (i === ranges.length - 1 && rest > 0)
              rows.push(
                <SpacerRow key="gap-end" height={rest * rowHeight} colSpan={columns.length + (onDeleteRow ? 2 : 1)} />,
              );
            return rows;
          })}
        </tbody>
      </table>
      {columns.map(
        (c) =>
          c.choices && (
            <datalist key={c.key} id={choicesId(c.key)}>
              {c.choices.map((choice) => (
                <option key={choice} value={choice} />
              ))}
            </datalist>
          ),
      )}
    </div>
  );
}

/** The id of a column's choice list (one grid per page: the key is enough). */
const choicesId = (key: string) => `grid-choices-${key}`;

/** Stands in for rows not rendered, so the scrollbar and the rows' positions stay true. */
function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr role="presentation" aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} className={styles.spacer} />
    </tr>
  );
}

interface RowHandlers {
  select: (row: number, col: number) => void;
  startEdit: () => void;
  draft: (value: string) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (event: React.ClipboardEvent<HTMLInputElement>) => void;
  focus: () => void;
  blur: () => void;
  deleteRow: (row: number) => void;
}

interface GridRowProps {
  r: number;
  row: readonly string[];
  columns: readonly GridColumnView[];
  /** The cursor's column in this row, or -1. */
  activeCol: number;
  /** The text being edited in the active cell, or null. */
  draft: string | null;
  /** Each column's error text ('' for none), joined: one string a memo compares. */
  errors: string;
  label: ReactNode;
  deletable: boolean;
  disabled: boolean;
  handlers: RefObject<RowHandlers>;
  inputRef: RefObject<HTMLInputElement | null>;
}

const GridRow = memo(function GridRow({
  r,
  row,
  columns,
  activeCol,
  draft,
  errors,
  label,
  deletable,
  disabled,
  handlers,
  inputRef,
}: GridRowProps) {
  const errorOf = errors.split('\u0000');
  return (
    <tr className={activeCol >= 0 ? styles.activeRow : undefined} aria-rowindex={r + 2}>
      <th scope="row" className={styles.rowHeader}>
        {label}
      </th>
      {columns.map((column, c) => {
        const active = c === activeCol;
        const error = errorOf[c] || undefined;
        const value = row[c] ?? '';
        const cellName = `${r + 1}행 ${column.label}`;
        return (
          <td
            key={column.key}
            role="gridcell"
            aria-selected={active}
            aria-invalid={error ? true : undefined}
            className={[
              styles.cell,
              active && styles.active,
              active && draft !== null && styles.editing,
              error && styles.invalid,
            ]
              .filter(Boolean)
              .join(' ')}
            title={error}
            onMouseDown={(event) => {
              if (disabled) return;
              if (!active) event.preventDefault();
              handlers.current.select(r, c);
            }}
            onDoubleClick={() => {
              if (!disabled) handlers.current.startEdit();
            }}
          >
            {active && !disabled ? (
              <input
                ref={inputRef}
                className={styles.input}
                value={draft ?? value}
                aria-label={cellName}
                aria-invalid={error ? true : undefined}
                placeholder={column.placeholder}
                list={column.choices ? choicesId(column.key) : undefined}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => handlers.current.draft(event.target.value)}
                onKeyDown={(event) => handlers.current.onKeyDown(event)}
                onPaste={(event) => handlers.current.onPaste(event)}
                onFocus={() => handlers.current.focus()}
                onBlur={() => handlers.current.blur()}
              />
            ) : (
              <span className={value ? styles.value : styles.placeholder} aria-label={cellName}>
                {(value && (column.format?.(value) ?? value)) || (r === 0 ? column.placeholder : '')}
              </span>
            )}
            {error && <span className="visually-hidden">{error}</span>}
          </td>
        );
      })}
      {deletable && (
        <td className={styles.actionCell}>
          <button
            type="button"
            className={styles.deleteRow}
            onClick={() => handlers.current.deleteRow(r)}
            aria-label={`${r + 1}행 삭제`}
            title="행 삭제"
            disabled={disabled}
          >
            <Icon name="x" size={14} />
          </button>
        </td>
      )}
    </tr>
  );
});
