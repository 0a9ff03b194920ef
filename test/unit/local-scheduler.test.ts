import { describe, expect, it } from 'vitest';
import { nextRun } from '../../infra/local/scheduler';
import { schedules, type ScheduleDef } from '../../infra/schedules';

const job = (cron: ScheduleDef['cron']): ScheduleDef => ({
  name: 'x',
  entry: 'x.ts',
  cron,
  description: 'x',
  tableAccess: ['Query'],
});
const at = (iso: string) => Date.parse(iso);

describe('local scheduler', () => {
  it('runs a step-minute job (every five minutes) at the next multiple of the step, as EventBridge does', () => {
    const every5 = job({ minute: '*/5', hour: '*' });
    expect(new Date(nextRun(every5, at('2026-12-07T07:03:10Z'))).toISOString()).toBe('2026-12-07T07:05:00.000Z');
    expect(new Date(nextRun(every5, at('2026-12-07T07:05:00Z'))).toISOString()).toBe('2026-12-07T07:10:00.000Z');
    expect(new Date(nextRun(every5, at('2026-12-07T23:58:00Z'))).toISOString()).toBe('2026-12-08T00:00:00.000Z');
    // The rank alerts job is one of them: staff hear of a stopped worker within minutes, not at the next hour.
    const alerts = schedules.find((s) => s.name === 'rank-ops-alerts')!;
    expect(nextRun(alerts, at('2026-12-07T07:01:00Z')) - at('2026-12-07T07:01:00Z')).toBe(4 * 60_000);
  });

  it('keeps hourly and daily jobs at their minute', () => {
    expect(new Date(nextRun(job({ minute: 2, hour: '*' }), at('2026-12-07T07:03:00Z'))).toISOString()).toBe(
      '2026-12-07T08:02:00.000Z',
    );
    expect(new Date(nextRun(job({ minute: 30, hour: 18 }), at('2026-12-07T19:00:00Z'))).toISOString()).toBe(
      '2026-12-08T18:30:00.000Z',
    );
  });
});
