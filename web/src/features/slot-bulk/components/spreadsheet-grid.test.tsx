import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { createGridState, gridReducer } from '../utils/grid';
import { SpreadsheetGrid } from './spreadsheet-grid';

const columns = [
  { key: 'keywords', label: '키워드', required: true },
  { key: 'landingUrl', label: 'URL', required: true },
];

function Harness() {
  const [state, dispatch] = useReducer(gridReducer, null, () => createGridState(2));
  return (
    <>
      <SpreadsheetGrid
        label="표"
        columns={columns}
        state={state}
        dispatch={dispatch}
        onDeleteRow={(row) => dispatch({ type: 'deleteRow', row })}
      />
      <output data-testid="rows">{JSON.stringify(state.rows)}</output>
    </>
  );
}

const rows = () => JSON.parse(screen.getByTestId('rows').textContent ?? '[]') as string[][];
const cell = (row: number, label: string) =>
  screen.getByRole('grid').querySelector(`[aria-label="${row}행 ${label}"]`) as HTMLElement;

describe('SpreadsheetGrid keyboard', () => {
  it('type → Enter commits and moves down; Tab commits and moves right', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getAllByRole('row')).toHaveLength(6); // header + 5 rows minimum
    await user.click(cell(1, '키워드'));
    await user.keyboard('첫째{Enter}');
    expect(rows()[0][0]).toBe('첫째');
    expect(screen.getByRole('textbox', { name: '2행 키워드' })).toHaveFocus();
    await user.keyboard('둘째{Tab}');
    expect(rows()[1][0]).toBe('둘째');
    expect(screen.getByRole('textbox', { name: '2행 URL' })).toHaveFocus();
  });

  it('typing on a selected cell replaces it; Escape cancels the edit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(cell(1, '키워드'));
    await user.keyboard('원래값{Enter}{ArrowUp}');
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveFocus();
    await user.keyboard('바뀐값');
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveValue('바뀐값');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveValue('원래값');
    expect(rows()[0][0]).toBe('원래값');
  });

  it('arrow keys move the selection, Delete clears a cell', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(cell(1, '키워드'));
    await user.keyboard('a{Tab}b{Enter}');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('textbox', { name: '1행 URL' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Delete}');
    expect(rows()[0]).toEqual(['', 'b']);
  });

  it('pastes a TSV block across cells and adds rows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(cell(1, '키워드'));
    const input = screen.getByRole('textbox', { name: '1행 키워드' });
    const block = Array.from({ length: 7 }, (_, i) => `k${i + 1}\thttps://x/${i + 1}`).join('\r\n');
    fireEvent.paste(input, { clipboardData: { getData: () => block } });
    expect(rows()).toHaveLength(7);
    expect(rows()[6]).toEqual(['k7', 'https://x/7']);
    expect(within(screen.getByRole('grid')).getAllByRole('row')).toHaveLength(8);
  });

  it('deleting rows keeps the minimum of 5', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '1행 삭제' }));
    expect(rows()).toHaveLength(5);
  });
});
