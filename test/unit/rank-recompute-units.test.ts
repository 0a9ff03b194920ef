import { describe, expect, it } from 'vitest';
import { cutUnits, unitOf } from '../../functions/domain/rank-measurement/recompute-run';
import { rangesBetween, registrationCuts } from '../../functions/domain/rank-measurement/pairs';

/** How a run's pairs are cut into units (pure). */
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

describe("segments of the planner's read (registration time)", () => {
  const first = '2029-01-01T00:00:00.000Z';
  const last = '2031-01-01T00:00:00.000Z';

  it('cuts the span into evenly spaced, ascending instants between its ends', () => {
    const cuts = registrationCuts(first, last, 4);
    expect(cuts).toEqual(['2029-07-02T12:00:00.000Z', '2030-01-01T00:00:00.000Z', '2030-07-02T12:00:00.000Z']);
    expect(registrationCuts(first, last, 1)).toEqual([]);
  });

  it('is one segment when the span is empty or not made of instants; never repeats a cut', () => {
    expect(registrationCuts(last, last, 8)).toEqual([]);
    expect(registrationCuts(last, first, 8)).toEqual([]);
    expect(registrationCuts('legacy', last, 8)).toEqual([]);
    // Three milliseconds cannot hold seven distinct cuts.
    expect(registrationCuts('2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.003Z', 8)).toEqual([
      '2030-01-01T00:00:00.001Z',
      '2030-01-01T00:00:00.002Z',
    ]);
  });

  it('turns cuts into ranges that leave no registration time out and share none', () => {
    expect(rangesBetween([])).toEqual([{}]);
    const ranges = rangesBetween(['b', 'd', 'f']);
    expect(ranges).toEqual([{ before: 'b' }, { from: 'b', before: 'd' }, { from: 'd', before: 'f' }, { from: 'f' }]);
    const holding = (t: string) =>
      ranges.filter((r) => (r.from ?? '') <= t && (r.before === undefined || t < r.before));
    for (const t of ['a', 'b', 'c', 'd', 'e', 'f', 'z']) expect(holding(t)).toHaveLength(1);
  });
});
