import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('shows every page when they fit the buttons', () => {
    expect(pageItems(2, 4, 5)).toEqual([1, 2, 3, 4]);
    expect(pageItems(5, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('past that: first, last and the current page with its neighbours, always five numbers', () => {
    expect(pageItems(1, 20, 5)).toEqual([1, 2, 3, 4, 'ellipsis-end', 20]);
    expect(pageItems(10, 20, 5)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(20, 20, 5)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
    expect(pageItems(3, 6, 5)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
    for (let page = 1; page <= 20; page++)
      expect(pageItems(page, 20, 5).filter((item) => typeof item === 'number')).toHaveLength(5);
  });

  it("gives the user's slot list its ten numbers the same way", () => {
    expect(pageItems(7, 30, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 9, 10, 11, 'ellipsis-end', 30]);
  });
});

describe('Pagination', () => {
  it('marks the current page and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} totalPages={8} onPageChange={onPageChange} />);

    expect(screen.getByRole('button', { name: '3 페이지' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await userEvent.click(screen.getByRole('button', { name: '8 페이지' }));

    expect(onPageChange.mock.calls).toEqual([[4], [8]]);
  });

  it('shows five page numbers on a long list, the first and the last among them', () => {
    render(<Pagination page={10} totalPages={20} onPageChange={() => undefined} />);
    const numbers = screen.getAllByRole('button', { name: /^\d+ 페이지$/ }).map((b) => b.textContent);
    expect(numbers).toEqual(['1', '9', '10', '11', '20']);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
