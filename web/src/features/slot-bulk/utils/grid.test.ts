import { describe, expect, it } from 'vitest';
import {
  createGridState,
  gridKeyAction,
  gridReducer,
  MAX_ROWS,
  MIN_ROWS,
  type GridAction,
  type GridState,
} from './grid';

const run = (state: GridState, ...actions: GridAction[]) => actions.reduce(gridReducer, state);
const key = (
  state: GridState,
  k: string,
  extra: Partial<{ shiftKey: boolean; isComposing: boolean; ctrlKey: boolean }> = {},
) => {
  const action = gridKeyAction(state, { key: k, ...extra });
  return action ? gridReducer(state, action) : state;
};

describe('grid state', () => {
  it('starts with the minimum of 5 empty rows', () => {
    const s = createGridState(3);
    expect(s.rows).toHaveLength(MIN_ROWS);
    expect(s.rows[0]).toEqual(['', '', '']);
    expect(s.cursor).toEqual({ row: 0, col: 0 });
  });

  it('select → edit → commit on Enter moves down; Escape cancels the edit', () => {
    let s = createGridState(3);
    s = run(s, { type: 'draft', value: '키워드' });
    expect(s.editing).toEqual({ original: '', draft: '키워드' });
    s = key(s, 'Enter');
    expect(s.rows[0][0]).toBe('키워드');
    expect(s.editing).toBeNull();
    expect(s.cursor).toEqual({ row: 1, col: 0 });

    s = run(s, { type: 'select', row: 0, col: 0 }, { type: 'startEdit' });
    expect(s.editing?.draft).toBe('키워드');
    s = run(s, { type: 'draft', value: '바뀐값' });
    s = key(s, 'Escape');
    expect(s.rows[0][0]).toBe('키워드');
    expect(s.editing).toBeNull();
  });

  it('Tab commits and moves right, wrapping to the next row; Shift+Tab goes back', () => {
    let s = createGridState(2);
    s = run(s, { type: 'draft', value: 'a' });
    s = key(s, 'Tab');
    expect(s.rows[0][0]).toBe('a');
    expect(s.cursor).toEqual({ row: 0, col: 1 });
    s = key(s, 'Tab');
    expect(s.cursor).toEqual({ row: 1, col: 0 });
    s = key(s, 'Tab', { shiftKey: true });
    expect(s.cursor).toEqual({ row: 0, col: 1 });
  });

  it('Tab past the last cell adds a row', () => {
    let s = run(createGridState(2), { type: 'select', row: 4, col: 1 });
    s = key(s, 'Tab');
    expect(s.rows).toHaveLength(6);
    expect(s.cursor).toEqual({ row: 5, col: 0 });
  });

  it('a blur-style commit keeps the cursor', () => {
    const s = run(createGridState(2), { type: 'draft', value: 'x' }, { type: 'commit' });
    expect(s.rows[0][0]).toBe('x');
    expect(s.cursor).toEqual({ row: 0, col: 0 });
  });

  it('selecting another cell commits the edit in progress', () => {
    const s = run(createGridState(2), { type: 'draft', value: 'x' }, { type: 'select', row: 2, col: 1 });
    expect(s.rows[0][0]).toBe('x');
    expect(s.cursor).toEqual({ row: 2, col: 1 });
  });

  it('arrow keys move within the grid bounds while selecting, and belong to the caret while editing', () => {
    let s = createGridState(3);
    s = key(s, 'ArrowUp');
    s = key(s, 'ArrowLeft');
    expect(s.cursor).toEqual({ row: 0, col: 0 });
    s = key(s, 'ArrowDown');
    s = key(s, 'ArrowRight');
    s = key(s, 'ArrowRight');
    s = key(s, 'ArrowRight');
    expect(s.cursor).toEqual({ row: 1, col: 2 });
    s = run(s, { type: 'startEdit' });
    expect(gridKeyAction(s, { key: 'ArrowLeft' })).toBeNull();
  });

  it('Delete clears the selected cell; Enter and F2 start editing; keys during IME composition are ignored', () => {
    let s = run(createGridState(2), { type: 'draft', value: 'v' }, { type: 'commit' });
    expect(gridKeyAction(s, { key: 'Enter' })).toEqual({ type: 'startEdit' });
    expect(gridKeyAction(s, { key: 'F2' })).toEqual({ type: 'startEdit' });
    expect(gridKeyAction(s, { key: 'Enter', isComposing: true })).toBeNull();
    expect(gridKeyAction(s, { key: 'c', ctrlKey: true })).toBeNull();
    s = key(s, 'Delete');
    expect(s.rows[0][0]).toBe('');
  });

  it('paste writes a block from the cursor, ignores columns past the last and grows rows', () => {
    let s = run(createGridState(3), { type: 'select', row: 3, col: 1 });
    s = run(s, {
      type: 'paste',
      matrix: [
        ['b4', 'c4', 'ignored'],
        ['b5', 'c5'],
        ['b6', 'c6'],
      ],
    });
    expect(s.rows).toHaveLength(6);
    expect(s.rows[3]).toEqual(['', 'b4', 'c4']);
    expect(s.rows[5]).toEqual(['', 'b6', 'c6']);
  });

  it('pastes 30 rows into an empty grid', () => {
    const matrix = Array.from({ length: 30 }, (_, i) => [`k${i}`, `u${i}`]);
    const s = run(createGridState(2), { type: 'paste', matrix });
    expect(s.rows).toHaveLength(30);
    expect(s.rows[29]).toEqual(['k29', 'u29']);
  });

  it('never grows past the maximum', () => {
    const matrix = Array.from({ length: MAX_ROWS + 50 }, (_, i) => [`k${i}`]);
    const s = run(createGridState(1), { type: 'paste', matrix }, { type: 'addRows', count: 10 });
    expect(s.rows).toHaveLength(MAX_ROWS);
  });

  it('deleting a row keeps the minimum row count', () => {
    let s = run(createGridState(1), { type: 'paste', matrix: [['a'], ['b'], ['c']] });
    s = run(s, { type: 'deleteRow', row: 1 });
    expect(s.rows.map((r) => r[0])).toEqual(['a', 'c', '', '', '']);
    s = run(
      s,
      { type: 'addRows', count: 2 },
      { type: 'deleteRow', row: 6 },
      { type: 'deleteRow', row: 0 },
      { type: 'deleteRow', row: 0 },
    );
    expect(s.rows).toHaveLength(MIN_ROWS);
  });

  it('load replaces or appends after the filled rows', () => {
    let s = run(createGridState(2), { type: 'paste', matrix: [['a', 'b']] });
    s = run(s, { type: 'load', rows: [['x', 'y']], append: true });
    expect(s.rows.slice(0, 2)).toEqual([
      ['a', 'b'],
      ['x', 'y'],
    ]);
    s = run(s, { type: 'load', rows: [['z']] });
    expect(s.rows[0]).toEqual(['z', '']);
    expect(s.rows).toHaveLength(MIN_ROWS);
  });
});
