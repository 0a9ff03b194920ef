import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { createGridState, gridReducer } from '../utils/grid';
import { renderedRanges, SpreadsheetGrid, WINDOW_FROM_ROWS } from './spreadsheet-grid';

/**
 * A long grid (a 1,000-row paste) renders the rows in view, not every row, and
 * still behaves as one table: row count and indexes for assistive technology, keyboard moves past
 * the rendered rows, the cursor's input focused, a paste of 1,000 rows kept whole.
 */
const columns = [
  { key: 'keywords', label: '키워드', required: true },
  { key: 'landingUrl', label: 'URL', required: true },
];

function Harness({ initialRows = 5 }: { initialRows?: number }) {
  const [state, dispatch] = useReducer(gridReducer, null, () =>
    createGridState(
      2,
      Array.from({ length: initialRows }, (_, i) => [`k${i + 1}`, `https://x/${i + 1}`]),
    ),
  );
  return (
    <>
      <SpreadsheetGrid
        label="표"
        columns={columns}
        state={state}
        dispatch={dispatch}
        onDeleteRow={(row) => dispatch({ type: 'deleteRow', row })}
      />
      <output data-testid="rows">{JSON.stringify(state.rows.length)}</output>
    </>
  );
}

const grid = () => screen.getByRole('grid');
const dataRows = () =>
  within(grid())
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'));
const rowIndexes = () => dataRows().map((row) => Number(row.getAttribute('aria-rowindex')));

describe('SpreadsheetGrid with many rows', () => {
  it('renders every row up to the windowing threshold', () => {
    render(<Harness initialRows={WINDOW_FROM_ROWS} />);
    expect(dataRows()).toHaveLength(WINDOW_FROM_ROWS);
    expect(grid()).toHaveAttribute('aria-rowcount', String(WINDOW_FROM_ROWS + 1));
  });

  it('a 1,000-row paste renders a window of rows, with the true row count and indexes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(grid().querySelector('[aria-label="1행 키워드"]') as HTMLElement);
    const block = Array.from({ length: 1000 }, (_, i) => `p${i + 1}\thttps://p/${i + 1}`).join('\r\n');
    fireEvent.paste(screen.getByRole('textbox', { name: '1행 키워드' }), { clipboardData: { getData: () => block } });

    expect(screen.getByTestId('rows')).toHaveTextContent('1000');
    expect(grid()).toHaveAttribute('aria-rowcount', '1001');
    const shown = rowIndexes();
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]).toBe(2); // the header is row 1
    expect(shown).toEqual(shown.map((_, i) => i + 2));
    // The rows not rendered are stood in for by hidden spacers that keep the scroll height.
    const spacer = grid().querySelector('tbody tr[aria-hidden="true"]') as HTMLElement;
    expect(spacer.style.height).toBe(`${(1000 - shown.length) * 36}px`);
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveFocus();
  });

  it('the arrow keys move past the rendered rows, and the cursor row keeps the focused input', async () => {
    const user = userEvent.setup();
    render(<Harness initialRows={300} />);
    await user.click(grid().querySelector('[aria-label="1행 키워드"]') as HTMLElement);
    const before = rowIndexes().at(-1)!;
    for (let i = 0; i < before + 5; i++) await user.keyboard('{ArrowDown}');
    const target = before + 6; // 1-based row number of the cursor now
    const input = screen.getByRole('textbox', { name: `${target}행 키워드` });
    expect(input).toHaveFocus();
    expect(input).toHaveValue(`k${target}`);
    expect(input.closest('tr')).toHaveAttribute('aria-rowindex', String(target + 1));
    await user.keyboard('바뀐값{Enter}');
    expect(screen.getByRole('textbox', { name: `${target + 1}행 키워드` })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('textbox', { name: `${target}행 키워드` })).toHaveValue('바뀐값');
  });

  it('scrolling renders the rows that come into view', () => {
    render(<Harness initialRows={300} />);
    const wrap = grid().parentElement as HTMLElement;
    Object.defineProperty(wrap, 'scrollTop', { configurable: true, value: 200 * 36 });
    fireEvent.scroll(wrap);
    const shown = rowIndexes();
    expect(shown).toContain(201 + 1); // row 201, the first in view
    expect(shown).not.toContain(2 + 1); // row 2 scrolled away (row 1, the cursor's, stays)
    expect(grid().querySelector('[aria-label="201행 키워드"]')).toHaveTextContent('k201');
  });
});

describe('renderedRanges', () => {
  const view = { first: 500, count: 16 };
  it('is every row below the threshold', () => {
    expect(renderedRanges(WINDOW_FROM_ROWS, view, 0)).toEqual([[0, WINDOW_FROM_ROWS]]);
  });
  it('is the view with a margin, and the cursor row apart when it is elsewhere', () => {
    expect(renderedRanges(1000, view, 505)).toEqual([[488, 528]]);
    expect(renderedRanges(1000, view, 0)).toEqual([
      [0, 1],
      [488, 528],
    ]);
    expect(renderedRanges(1000, view, 999)).toEqual([
      [488, 528],
      [999, 1000],
    ]);
    expect(renderedRanges(1000, view, 528)).toEqual([[488, 529]]);
    expect(renderedRanges(1000, { first: 995, count: 16 }, 0)).toEqual([
      [0, 1],
      [983, 1000],
    ]);
  });
});
