import { describe, expect, it } from 'vitest';
import type { SlotDto } from '#shared/schemas/slots';
import { isSelectable, reconcileSelection, selectionParts } from './selection';

const today = '2025-06-10';
const slot = (id: string, over: Partial<SlotDto> = {}) =>
  ({ id, status: 'active', endDate: '2025-07-01', keyword: id, ...over }) as SlotDto;

describe('reconcileSelection', () => {
  it('refreshes kept copies and drops slots that are no longer selectable', () => {
    const a = slot('a');
    const b = slot('b');
    const other = slot('other-page');
    const selected = new Map([
      [a.id, a],
      [b.id, b],
      [other.id, other],
    ]);
    const freshA = slot('a', { keyword: '새 키워드' });
    const pausedB = slot('b', { status: 'paused' });
    const next = reconcileSelection(selected, [freshA, pausedB, slot('c')], today);
    expect([...next.keys()]).toEqual(['a', 'other-page']);
    expect(next.get('a')).toBe(freshA);
    expect(next.get('other-page')).toBe(other);
  });

  it('keeps a selected slot that ended (it can still be deleted) and drops one that went away', () => {
    const a = slot('a');
    const b = slot('b');
    const selected = new Map([
      [a.id, a],
      [b.id, b],
    ]);
    const ended = slot('a', { endDate: '2025-06-09', url: 'https://www.coupang.com/vp/products/1' });
    const next = reconcileSelection(selected, [ended, slot('b', { status: 'pending' })], today);
    expect([...next.keys()]).toEqual(['a']);
    expect(selectionParts(next.values(), today)).toEqual({ editable: [], deletable: [ended] });
  });

  it('splits the selection into what the bulk modals and the delete take', () => {
    const running = slot('r');
    const empty = slot('e', { status: 'empty', keyword: undefined });
    const rejected = slot('x', { status: 'rejected' });
    const expired = slot('y', { status: 'expired' });
    for (const s of [running, empty, rejected, expired]) expect(isSelectable(s, today)).toBe(true);
    expect(isSelectable(slot('p', { status: 'pending' }), today)).toBe(false);
    expect(isSelectable(slot('z', { status: 'paused' }), today)).toBe(false);
    expect(selectionParts([running, empty, rejected, expired], today)).toEqual({
      editable: [running, empty],
      deletable: [rejected, expired],
    });
  });

  it('returns the same Map when nothing changed', () => {
    const a = slot('a');
    const selected = new Map([[a.id, a]]);
    expect(reconcileSelection(selected, [a, slot('b')], today)).toBe(selected);
  });
});
