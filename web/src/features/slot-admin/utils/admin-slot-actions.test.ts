import { describe, expect, it } from 'vitest';
import { addKstDays } from '#shared/kst';
import type { SlotDto } from '#shared/schemas/slots';
import { adminSlotActions, truncate } from './admin-slot-actions';
import { adminSlotTabLabel, adminSlotTabs, tabQuery } from './admin-slot-tabs';

const today = '2026-11-23';
const slot = (over: Partial<SlotDto> & { has_extension?: boolean }) =>
  ({
    status: 'active',
    keyword: 'k',
    url: 'u',
    startDate: addKstDays(today, -20),
    endDate: addKstDays(today, 9),
    approvedAt: '2026-11-01T00:00:00Z',
    price: 1000,
    ...over,
  }) as SlotDto;

describe('adminSlotActions', () => {
  it('offers refund for active and paused slots, never for waiting, completed or refunded ones', () => {
    expect(adminSlotActions(slot({}), 'normal', today).refund).toBe(true);
    expect(adminSlotActions(slot({ status: 'paused' }), 'normal', today).refund).toBe(true);
    expect(adminSlotActions(slot({ startDate: addKstDays(today, 2) }), 'normal', today).refund).toBe(false);
    expect(adminSlotActions(slot({ endDate: addKstDays(today, -1) }), 'normal', today).refund).toBe(false);
    expect(adminSlotActions(slot({ status: 'refunded' }), 'normal', today).refund).toBe(false);
  });

  it('offers refund for empty slots only in pre-allocation mode', () => {
    const empty = slot({ status: 'empty', keyword: '', url: '' });
    expect(adminSlotActions(empty, 'normal', today).refund).toBe(false);
    expect(adminSlotActions(empty, 'pre-allocation', today).refund).toBe(true);
  });

  it('offers extension only in pre-allocation mode, within 7 days of the end or past it, once', () => {
    expect(adminSlotActions(slot({ endDate: addKstDays(today, 7) }), 'normal', today).extend).toBe(false);
    expect(adminSlotActions(slot({ endDate: addKstDays(today, 7) }), 'pre-allocation', today).extend).toBe(true);
    expect(adminSlotActions(slot({ endDate: addKstDays(today, 8) }), 'pre-allocation', today).extend).toBe(false);
    expect(adminSlotActions(slot({ endDate: addKstDays(today, -3) }), 'pre-allocation', today).extend).toBe(true);
    expect(
      adminSlotActions(slot({ endDate: addKstDays(today, 2), has_extension: true }), 'pre-allocation', today).extend,
    ).toBe(false);
    expect(adminSlotActions(slot({ endDate: null }), 'pre-allocation', today).extend).toBe(false);
    expect(
      adminSlotActions(
        slot({ status: 'pending', approvedAt: null, endDate: addKstDays(today, 1) }),
        'pre-allocation',
        today,
      ).extend,
    ).toBe(false);
  });

  it('offers extension of an issued slot the daily job stored completed, which was never given approvedAt', () => {
    // A filled pre-allocated slot runs without an approval step; the slot-status job later stores it
    // completed. The server extends it (approved by status), so its row must offer 연장 too.
    const issued = { approvedAt: null, startDate: addKstDays(today, -10), endDate: addKstDays(today, -1) };
    for (const status of ['completed', 'active', 'waiting'] as const)
      expect(adminSlotActions(slot({ ...issued, status }), 'pre-allocation', today).extend, status).toBe(true);
    expect(adminSlotActions(slot({ ...issued, status: 'paused' }), 'pre-allocation', today).extend).toBe(false);
    expect(adminSlotActions(slot({ ...issued, status: 'expired' }), 'pre-allocation', today).extend).toBe(false);
  });

  it('offers pause, resume, delete and restore by the shared policy the server checks', () => {
    const offered = (over: Partial<SlotDto>) => {
      const a = adminSlotActions(slot(over), 'normal', today);
      return (['pause', 'resume', 'delete', 'restore'] as const).filter((k) => a[k]);
    };
    expect(offered({})).toEqual(['pause']);
    expect(offered({ status: 'paused' })).toEqual(['resume']);
    expect(offered({ status: 'pending' })).toEqual([]);
    // Finished slots can be deleted by staff, the refunded one too; deleted ones restored.
    expect(offered({ endDate: addKstDays(today, -1) })).toEqual(['delete']);
    expect(offered({ status: 'rejected' })).toEqual(['delete']);
    expect(offered({ status: 'refunded' })).toEqual(['delete']);
    expect(offered({ status: 'deleted' })).toEqual(['restore']);
  });

  it('offers approve only for pending slots and edit not for completed ones', () => {
    expect(adminSlotActions(slot({ status: 'pending' }), 'normal', today)).toMatchObject({ approve: true, edit: true });
    expect(adminSlotActions(slot({ endDate: addKstDays(today, -1) }), 'normal', today)).toMatchObject({
      approve: false,
      edit: false,
      log: true,
    });
  });
});

describe('tabs', () => {
  it('follow the operation mode', () => {
    expect(adminSlotTabs('normal')).toEqual(['all', 'pending', 'active', 'rejected', 'inactive', 'deleted']);
    expect(adminSlotTabs('pre-allocation')).toEqual([
      'all',
      'empty',
      'waiting',
      'active',
      'completed',
      'paused',
      'refunded',
      'inactive',
      'deleted',
    ]);
    // Staff find deleted slots under their own tab (and restore them there).
    expect(tabQuery('deleted')).toEqual({ status: 'deleted' });
    expect(adminSlotTabLabel('deleted', 'normal')).toBe('삭제됨');
    expect(tabQuery('inactive')).toEqual({ userStatus: 'inactive' });
    expect(tabQuery('pending')).toEqual({ status: 'pending' });
  });

  it('truncates the description at 10 characters', () => {
    expect(truncate('가나다라마바사아자차카', 10)).toBe('가나다라마바사아자차…');
    expect(truncate('짧은 메모', 10)).toBe('짧은 메모');
  });
});
