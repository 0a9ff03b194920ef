import { describe, expect, it } from 'vitest';
import { cutUnits, unitOf } from '../../functions/domain/rank-measurement/recompute-run';

/** Issue 30 item 2: how a run's pairs are cut into units (pure). */
const pairs = (sizes: number[]) => sizes.map((slots, i) => ({ id: `p${String(i).padStart(3, '0')}`, slots }));

describe('cutting the tracked pairs into units', () => {
  it('cuts contiguous pair ranges of at most the unit size, never splitting a pair', () => {
    const list = pairs([4, 4, 4, 4, 4, 4, 4]);
    const starts = cutUnits(list, 10);
    expect(starts).toEqual(['', 'p002', 'p004', 'p006']);
    const perUnit = starts.map(() => 0);
    for (const p of list) perUnit[unitOf(p.id, starts)] += p.slots;
    expect(perUnit).toEqual([8, 8, 8, 4]);
    expect(perUnit.every((n) => n <= 10)).toBe(true);
  });

  it('gives a pair larger than the unit size a unit of its own', () => {
    const list = pairs([2, 30, 2, 2]);
    const starts = cutUnits(list, 10);
    expect(starts).toEqual(['', 'p001', 'p002']);
    expect(list.map((p) => unitOf(p.id, starts))).toEqual([0, 1, 2, 2]);
  });

  it('is one unit when nothing is tracked or everything fits', () => {
    expect(cutUnits([], 10)).toEqual(['']);
    expect(cutUnits(pairs([3, 3, 3]), 10)).toEqual(['']);
  });

  it('places every pair id, including ones not seen when the run was cut, in exactly one range', () => {
    const starts = ['', 'b', 'd', 'f'];
    expect(['a', 'b', 'bz', 'c', 'd', 'e', 'f', 'zz'].map((id) => unitOf(id, starts))).toEqual([
      0, 1, 1, 1, 2, 2, 3, 3,
    ]);
  });

  it('covers 100,000 slots with units of 2,000 or fewer, each pair in one unit', () => {
    const list = Array.from({ length: 25_000 }, (_, i) => ({
      id: i.toString(16).padStart(8, '0'),
      slots: 1 + (i % 7),
    }));
    const total = list.reduce((n, p) => n + p.slots, 0);
    const starts = cutUnits(list, 2_000);
    const perUnit = starts.map(() => 0);
    for (const p of list) perUnit[unitOf(p.id, starts)] += p.slots;
    expect(perUnit.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...perUnit)).toBeLessThanOrEqual(2_000);
    expect(starts.length).toBeLessThanOrEqual(Math.ceil(total / 1_994) + 1);
  });
});
