import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('shows every page when they fit the window', () => {
    expect(pageItems(2, 4, 5)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the current page centred and the window full at the ends', () => {
    expect(pageItems(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageItems(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageItems(7, 30, 10)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('adds first and last pages with ellipses when asked', () => {
    expect(pageItems(10, 20, 3, true)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(2, 20, 3, true)).toEqual([1, 2, 3, 'ellipsis-end', 20]);
  });
});

describe('Pagination', () => {
  it('marks the current page and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} totalPages={8} onPageChange={onPageChange} />);

    expect(screen.getByRole('button', { name: '3 페이지' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await userEvent.click(screen.getByRole('button', { name: '5 페이지' }));

    expect(onPageChange.mock.calls).toEqual([[4], [5]]);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
