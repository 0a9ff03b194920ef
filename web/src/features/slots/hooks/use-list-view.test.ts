import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARDS_BY_DEFAULT_QUERY, useListView } from './use-list-view';

/**
 * My slots on a phone: the cards by default where the table would need sideways
 * scrolling, the table on wider screens, and a view the user picked wins everywhere.
 */
let narrow = false;
const listeners = new Set<() => void>();
const jsdomMatchMedia = window.matchMedia;

function installWindowWidth() {
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === CARDS_BY_DEFAULT_QUERY && narrow;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
}

function resize(toNarrow: boolean) {
  narrow = toNarrow;
  act(() => listeners.forEach((listener) => listener()));
}

beforeEach(() => {
  localStorage.clear();
  listeners.clear();
  installWindowWidth();
});
afterEach(() => {
  localStorage.clear();
  window.matchMedia = jsdomMatchMedia;
});

describe('useListView', () => {
  it('opens the cards on a narrow screen and the table on a wide one', () => {
    narrow = true;
    expect(renderHook(() => useListView()).result.current[0]).toBe('cards');
    narrow = false;
    expect(renderHook(() => useListView()).result.current[0]).toBe('table');
  });

  it('follows the window while the user has not chosen', () => {
    narrow = false;
    const { result } = renderHook(() => useListView());
    expect(result.current[0]).toBe('table');
    resize(true);
    expect(result.current[0]).toBe('cards');
  });

  it("keeps the user's choice, on any width and on the next visit", () => {
    narrow = true;
    const first = renderHook(() => useListView());
    act(() => first.result.current[1]('table'));
    expect(first.result.current[0]).toBe('table');
    resize(true);
    expect(first.result.current[0]).toBe('table');
    first.unmount();

    const again = renderHook(() => useListView());
    expect(again.result.current[0]).toBe('table');
  });

  it('a stored cards choice shows the cards on a wide screen too', () => {
    localStorage.setItem('simple-slot.slots.view', 'cards');
    narrow = false;
    expect(renderHook(() => useListView()).result.current[0]).toBe('cards');
  });
});
