import { describe, expect, it } from 'vitest';
import { addKstDays, kstDayStartIso, kstToday } from './kst';
import {
  dDayLabel,
  decideExtension,
  decideStatusChange,
  deriveDisplayStatus,
  displayStatusLabels,
  endDateTone,
  isClosedToOwner,
  isPausable,
  isResumable,
  isSelectableForBulk,
  rankDelta,
  rankDisplay,
  remainingDays,
  restoredStatus,
  slotActions,
  totalDays,
  type SlotStatusInput,
} from './slot-status';

const today = '2025-03-10';
const filled = { keyword: '무선 마우스', url: 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3' };
const slot = (s: Partial<SlotStatusInput>): SlotStatusInput => ({
  status: 'active',
  ...filled,
  startDate: '2025-03-01',
  endDate: '2025-03-30',
  ...s,
});

describe('KST days', () => {
  it('today is the Seoul calendar day, not the UTC one', () => {
    expect(kstToday(new Date('2025-03-09T15:00:00Z'))).toBe('2025-03-10'); // 00:00 KST
    expect(kstToday(new Date('2025-03-09T14:59:59Z'))).toBe('2025-03-09');
  });
  it('adds days across month ends and gives a day its first instant', () => {
    expect(addKstDays('2025-02-27', 2)).toBe('2025-03-01');
    expect(kstDayStartIso('2025-03-10')).toBe('2025-03-09T15:00:00.000Z');
  });
});

describe('deriveDisplayStatus', () => {
  it('active by dates: waiting before the start, active within, completed after the inclusive end', () => {
    expect(deriveDisplayStatus(slot({ startDate: '2025-03-11' }), today)).toBe('waiting');
    expect(deriveDisplayStatus(slot({ startDate: '2025-03-10', endDate: '2025-03-10' }), today)).toBe('active');
    expect(deriveDisplayStatus(slot({ endDate: '2025-03-09' }), today)).toBe('completed');
    expect(deriveDisplayStatus(slot({ startDate: null, endDate: null }), today)).toBe('active');
  });

  it('paused stays paused within its dates, completed after, waiting before', () => {
    expect(deriveDisplayStatus(slot({ status: 'paused' }), today)).toBe('paused');
    expect(deriveDisplayStatus(slot({ status: 'paused', endDate: '2025-03-01' }), today)).toBe('completed');
    expect(deriveDisplayStatus(slot({ status: 'paused', startDate: '2025-04-01', endDate: '2025-04-30' }), today)).toBe(
      'waiting',
    );
  });

  it('empty when keyword or URL is missing, or stored empty', () => {
    expect(deriveDisplayStatus(slot({ keyword: '' }), today)).toBe('empty');
    expect(deriveDisplayStatus(slot({ url: '  ' }), today)).toBe('empty');
    expect(deriveDisplayStatus(slot({ status: 'empty' }), today)).toBe('empty');
  });

  it('refunded, rejected, deleted and expired are kept, never shown as completed or empty', () => {
    for (const status of ['refunded', 'rejected', 'deleted', 'expired'] as const) {
      expect(deriveDisplayStatus(slot({ status, endDate: '2025-01-01', keyword: '' }), today)).toBe(status);
    }
  });

  it('pending stays pending', () => {
    expect(deriveDisplayStatus(slot({ status: 'pending', startDate: null, endDate: null }), today)).toBe('pending');
  });

  it('has the Korean status labels', () => {
    expect(displayStatusLabels).toMatchObject({
      empty: '입력대기',
      pending: '승인대기',
      waiting: '진행대기',
      active: '진행중',
      completed: '완료',
      paused: '일시정지',
      rejected: '거절',
      refunded: '환불',
      expired: '만료',
    });
  });
});

describe('dates', () => {
  it('counts remaining days inclusively', () => {
    expect(remainingDays('2025-03-10', today)).toBe(1);
    expect(remainingDays('2025-03-12', today)).toBe(3);
    expect(remainingDays('2025-03-09', today)).toBe(0);
    expect(remainingDays(null, today)).toBeNull();
    expect(totalDays('2025-03-01', '2025-03-30')).toBe(30);
  });

  it('colours the end date: ≤3 red, ≤7 orange, passed expired', () => {
    expect(endDateTone('2025-03-12', today)).toBe('red'); // 3 left
    expect(endDateTone('2025-03-13', today)).toBe('orange'); // 4 left
    expect(endDateTone('2025-03-16', today)).toBe('orange'); // 7 left
    expect(endDateTone('2025-03-17', today)).toBe('normal'); // 8 left
    expect(endDateTone('2025-03-09', today)).toBe('expired');
    expect(endDateTone(undefined, today)).toBeNull();
  });

  it('labels D-n and 만료', () => {
    expect(dDayLabel('2025-03-14', today)).toBe('D-5');
    expect(dDayLabel('2025-03-10', today)).toBe('D-1');
    expect(dDayLabel('2025-03-01', today)).toBe('만료');
  });
});

describe('rank', () => {
  it('shows 순위없음 for 0 and above 500, not-found for 999 with its tooltip, 측정중 for none', () => {
    expect(rankDisplay(0)).toEqual({ kind: 'none', text: '순위없음' });
    expect(rankDisplay(501)).toEqual({ kind: 'none', text: '순위없음' });
    expect(rankDisplay(999)).toEqual({
      kind: 'notFound',
      text: '순위없음',
      tooltip: '해당 키워드로 상품을 찾을 수 없습니다',
    });
    expect(rankDisplay(null)).toEqual({ kind: 'measuring', text: '측정중' });
    expect(rankDisplay(undefined).kind).toBe('measuring');
    expect(rankDisplay(500)).toEqual({ kind: 'rank', text: '500위', rank: 500 });
    expect(rankDisplay(1)).toEqual({ kind: 'rank', text: '1위', rank: 1 });
  });

  it('compares with yesterday only between real ranks', () => {
    expect(rankDelta(3, 7)).toEqual({ delta: 4, direction: 'up' });
    expect(rankDelta(7, 3)).toEqual({ delta: -4, direction: 'down' });
    expect(rankDelta(5, 5)).toEqual({ delta: 0, direction: 'same' });
    expect(rankDelta(3, 999)).toBeNull();
    expect(rankDelta(0, 4)).toBeNull();
    expect(rankDelta(3, null)).toBeNull();
    expect(rankDelta(600, 4)).toBeNull();
  });
});

describe('selection and actions', () => {
  it('selects only empty or active slots that have not ended', () => {
    expect(isSelectableForBulk(slot({}), today)).toBe(true);
    expect(isSelectableForBulk(slot({ status: 'empty', endDate: null }), today)).toBe(true);
    expect(isSelectableForBulk(slot({ endDate: today }), today)).toBe(true);
    expect(isSelectableForBulk(slot({ endDate: '2025-03-09' }), today)).toBe(false);
    for (const status of ['pending', 'rejected', 'refunded', 'paused', 'deleted'] as const) {
      expect(isSelectableForBulk(slot({ status }), today), status).toBe(false);
    }
    // Stored waiting is an approved slot whose start is ahead: selectable like an active one.
    expect(isSelectableForBulk(slot({ status: 'waiting', startDate: '2025-03-12' }), today)).toBe(true);
  });

  it('pauses waiting and active slots, resumes paused ones', () => {
    expect(['active', 'waiting'].every((s) => isPausable(s as never))).toBe(true);
    for (const status of ['empty', 'pending', 'paused', 'completed', 'rejected', 'deleted'] as const)
      expect(isPausable(status), status).toBe(false);
    expect(isResumable('paused')).toBe(true);
    expect(isResumable('active')).toBe(false);
    const actions = slotActions(slot({ status: 'waiting', startDate: '2025-03-12' }), 'owner', today);
    expect([actions.pause, actions.resume]).toEqual([true, false]);
  });

  it('leaves resuming a slot staff paused to staff: the owner has no resume switch and is refused', () => {
    const held = slot({ status: 'paused', paused_by_staff: true });
    expect(slotActions(held, 'owner', today).resume).toBe(false);
    expect(slotActions(held, 'staff', today).resume).toBe(true);
    expect(decideStatusChange(held, 'active', 'owner', today)).toMatchObject({
      ok: false,
      reason: 'forbidden',
      message: '관리자가 일시정지한 슬롯은 관리자만 재개할 수 있습니다. 재개가 필요하면 관리자에게 문의해주세요.',
    });
    expect(decideStatusChange(held, 'active', 'staff', today)).toEqual({ ok: true, next: 'active' });
  });

  it('resumes by the calendar: waiting before the start; a paused slot past its end is completed, not resumed', () => {
    expect(decideStatusChange(slot({ status: 'paused', startDate: '2025-03-12' }), 'active', 'owner', today)).toEqual({
      ok: true,
      next: 'waiting',
    });
    expect(
      decideStatusChange(slot({ status: 'paused', endDate: '2025-03-09' }), 'active', 'owner', today),
    ).toMatchObject({ ok: false, message: '완료된 슬롯은 변경할 수 없습니다.' });
  });

  it('edits pending, active and paused slots that are not completed', () => {
    expect(slotActions(slot({ status: 'pending' }), 'owner', today).edit).toBe(true);
    expect(slotActions(slot({ status: 'paused' }), 'owner', today).edit).toBe(true);
    expect(slotActions(slot({ endDate: '2025-03-01' }), 'owner', today).edit).toBe(false);
    expect(slotActions(slot({ status: 'rejected' }), 'owner', today).edit).toBe(false);
  });

  it('lets an owner pause and resume, never activate an unapproved slot', () => {
    expect(decideStatusChange(slot({}), 'paused', 'owner', today)).toEqual({ ok: true, next: 'paused' });
    expect(decideStatusChange(slot({ status: 'paused' }), 'active', 'owner', today)).toEqual({
      ok: true,
      next: 'active',
    });
    for (const status of ['pending', 'rejected', 'refunded', 'empty'] as const) {
      expect(decideStatusChange(slot({ status }), 'active', 'owner', today), status).toMatchObject({
        ok: false,
        message: '승인되지 않은 슬롯은 진행할 수 없습니다.',
      });
      expect(decideStatusChange(slot({ status }), 'active', 'staff', today).ok, status).toBe(false);
    }
    expect(decideStatusChange(slot({ status: 'paused' }), 'paused', 'owner', today)).toMatchObject({
      ok: false,
      message: '진행대기 또는 진행중인 슬롯만 일시정지할 수 있습니다.',
    });
    expect(decideStatusChange(slot({}), 'active', 'owner', today)).toMatchObject({
      ok: false,
      message: '일시정지된 슬롯만 재개할 수 있습니다.',
    });
    expect(decideStatusChange(slot({ endDate: '2025-03-01' }), 'paused', 'owner', today)).toMatchObject({
      ok: false,
      message: '완료된 슬롯은 변경할 수 없습니다.',
    });
  });

  it('deletes rejected, expired, refunded and completed slots only; restore is staff only', () => {
    expect(decideStatusChange(slot({ status: 'rejected' }), 'deleted', 'owner', today)).toEqual({
      ok: true,
      next: 'deleted',
    });
    expect(decideStatusChange(slot({ endDate: '2025-03-01' }), 'deleted', 'owner', today)).toEqual({
      ok: true,
      next: 'deleted',
    });
    expect(decideStatusChange(slot({}), 'deleted', 'owner', today)).toMatchObject({ ok: false, reason: 'conflict' });
    expect(decideStatusChange(slot({ status: 'pending' }), 'deleted', 'staff', today).ok).toBe(false);
    expect(decideStatusChange(slot({ status: 'deleted' }), 'active', 'owner', today)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(decideStatusChange(slot({ status: 'deleted' }), 'active', 'staff', today)).toEqual({
      ok: true,
      next: 'active',
    });
    expect(decideStatusChange(slot({ status: 'deleted' }), 'deleted', 'staff', today)).toMatchObject({
      ok: false,
      message: '이미 삭제된 슬롯입니다.',
    });
  });

  it('a refunded slot is closed to its owner (not deletable by them); staff may delete it', () => {
    expect(isClosedToOwner('refunded')).toBe(true);
    expect(isClosedToOwner('deleted')).toBe(true);
    expect(isClosedToOwner('rejected')).toBe(false);
    expect(slotActions(slot({ status: 'refunded' }), 'owner', today).delete).toBe(false);
    expect(slotActions(slot({ status: 'refunded' }), 'staff', today).delete).toBe(true);
    expect(slotActions(slot({ status: 'rejected' }), 'owner', today).delete).toBe(true);
  });

  it('offers a price edit to staff on approved slots that still run only', () => {
    for (const status of ['waiting', 'active', 'paused'] as const) {
      expect(slotActions(slot({ status }), 'staff', today).priceEdit, status).toBe(true);
      expect(slotActions(slot({ status }), 'owner', today).priceEdit, status).toBe(false);
    }
    for (const status of ['empty', 'pending', 'rejected', 'refunded', 'expired', 'completed', 'deleted'] as const)
      expect(slotActions(slot({ status }), 'staff', today).priceEdit, status).toBe(false);
    // Past its end the slot is completed, whatever is stored.
    expect(slotActions(slot({ endDate: '2025-03-01' }), 'staff', today).priceEdit).toBe(false);
  });

  it('extends approved slots (stored waiting, active or completed) once, from 7 days before the end; staff only', () => {
    const ending = { endDate: addKstDays(today, 7) };
    for (const status of ['waiting', 'active', 'completed'] as const) {
      expect(decideExtension(slot({ status, ...ending }), today), status).toEqual({ ok: true });
      expect(slotActions(slot({ status, ...ending }), 'staff', today).extend, status).toBe(true);
      expect(slotActions(slot({ status, ...ending }), 'owner', today).extend, status).toBe(false);
    }
    for (const status of ['empty', 'pending', 'paused', 'rejected', 'refunded', 'expired', 'deleted'] as const)
      expect(decideExtension(slot({ status, ...ending }), today), status).toEqual({
        ok: false,
        message: '승인된 슬롯만 연장할 수 있습니다.',
      });
    expect(decideExtension(slot({ endDate: addKstDays(today, 8) }), today)).toEqual({
      ok: false,
      message: '종료일 7일 전부터 연장할 수 있습니다.',
    });
    expect(decideExtension(slot({ status: 'completed', endDate: addKstDays(today, -30) }), today).ok).toBe(true);
    expect(decideExtension(slot({ ...ending, has_extension: true }), today).ok).toBe(false);
    expect(decideExtension(slot({ endDate: null }), today).ok).toBe(false);
  });

  it('restores a deleted slot to the status it had, dated ones by the calendar', () => {
    const deleted = (s: Partial<SlotStatusInput>) => slot({ status: 'deleted', ...s });
    const undated = { startDate: null, endDate: null };
    expect(
      decideStatusChange(
        deleted({ statusBeforeDelete: 'rejected', ...undated, rejectedAt: 'x' }),
        'active',
        'staff',
        today,
      ),
    ).toEqual({ ok: true, next: 'rejected' });
    expect(restoredStatus(deleted({ statusBeforeDelete: 'pending', ...undated }), today)).toBe('pending');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'empty', keyword: '' }), today)).toBe('empty');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'refunded' }), today)).toBe('refunded');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'completed', endDate: '2025-03-09' }), today)).toBe(
      'completed',
    );
    expect(restoredStatus(deleted({ statusBeforeDelete: 'active', endDate: '2025-03-09' }), today)).toBe('completed');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'active', startDate: '2025-03-12' }), today)).toBe('waiting');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'waiting' }), today)).toBe('active');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'paused' }), today)).toBe('paused');
    expect(restoredStatus(deleted({ statusBeforeDelete: 'paused', endDate: '2025-03-09' }), today)).toBe('completed');
    // Deleted before the previous status was kept.
    expect(restoredStatus(deleted({ ...undated, rejectedAt: '2025-03-01T00:00:00Z' }), today)).toBe('rejected');
    expect(restoredStatus(deleted({ ...undated, refund_reason: '환불' }), today)).toBe('refunded');
    expect(restoredStatus(deleted({ endDate: '2025-03-09' }), today)).toBe('completed');
    expect(restoredStatus(deleted({}), today)).toBe('active');
    expect(restoredStatus(deleted(undated), today)).toBe('pending');
    expect(restoredStatus(deleted({ ...undated, url: '' }), today)).toBe('empty');
  });
});

describe('stored waiting (written by the slot-status job)', () => {
  it('shows by the dates: waiting before the start, active once started', () => {
    expect(deriveDisplayStatus(slot({ status: 'waiting', startDate: '2025-03-11' }), today)).toBe('waiting');
    expect(deriveDisplayStatus(slot({ status: 'waiting', startDate: '2025-03-10' }), today)).toBe('active');
    expect(deriveDisplayStatus(slot({ status: 'waiting', endDate: '2025-03-09' }), today)).toBe('completed');
  });
  it('can be paused and edited like an active slot', () => {
    expect(decideStatusChange(slot({ status: 'waiting', startDate: '2025-03-11' }), 'paused', 'owner', today)).toEqual({
      ok: true,
      next: 'paused',
    });
    expect(slotActions(slot({ status: 'waiting' }), 'owner', today).edit).toBe(true);
  });
});
