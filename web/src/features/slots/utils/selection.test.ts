import { describe, expect, it } from 'vitest';
import type { SlotDto } from '#shared/schemas/slots';
import { reconcileSelection } from './selection';

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

  it('drops a selected slot that expired', () => {
    const a = slot('a');
    const next = reconcileSelection(new Map([[a.id, a]]), [slot('a', { endDate: '2025-06-09' })], today);
    expect(next.size).toBe(0);
  });

  it('returns the same Map when nothing changed', () => {
    const a = slot('a');
    const selected = new Map([[a.id, a]]);
    expect(reconcileSelection(selected, [a, slot('b')], today)).toBe(selected);
  });
});
