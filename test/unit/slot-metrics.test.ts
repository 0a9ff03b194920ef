import { describe, expect, it } from 'vitest';
import { slotMetrics } from '../../functions/domain/rank-measurement/recompute-job';
import { countText, ctrText } from '../../shared/slot-metrics';

/** A slot nobody reported impressions or clicks for carries none: no screen may read '노출 0'. */
const TODAY = '2031-03-10';
const report = (impressions: number, clicks: number) => ({ impressions, clicks }) as never;

describe('a slot’s impressions and clicks (rank job)', () => {
  it('are null while no worker reported a day, checked or not', () => {
    expect(slotMetrics({}, { today: TODAY })).toMatchObject({ impressions: null, clicks: null });
    // What runs before wrote on every slot, reported or not.
    expect(slotMetrics({ metrics_base: [0, 0], metrics_open: {} }, { today: TODAY })).toMatchObject({
      impressions: null,
      clicks: null,
    });
  });

  it('count a reported day of zero as 0, also after the day closed', () => {
    const open = slotMetrics({}, { today: TODAY, todays: report(0, 0) });
    expect(open).toMatchObject({ impressions: 0, clicks: 0 });
    // Two days later the day is folded into the closed sum and still counts as reported.
    const closed = slotMetrics(open, { today: '2031-03-12' });
    expect(closed).toMatchObject({ impressions: 0, clicks: 0, metrics_base: [0, 0, 1] });
    expect(slotMetrics(closed, { today: '2031-03-13' })).toMatchObject({ impressions: 0, clicks: 0 });
  });

  it('keep what older runs summed', () => {
    expect(
      slotMetrics({ metrics_base: [120, 3], metrics_open: {} }, { today: TODAY, todays: report(10, 1) }),
    ).toMatchObject({ impressions: 130, clicks: 4 });
  });
});

describe('how the figures read', () => {
  it('reads - without a report, 0 and CTR 0.00% for a report of no impressions', () => {
    expect([countText(null), countText(null), ctrText(null, null)]).toEqual(['-', '-', '-']);
    expect([countText(0), ctrText(0, 0)]).toEqual(['0', '0.00%']);
    expect(ctrText(1234, 37)).toBe('3.00%');
  });
});
