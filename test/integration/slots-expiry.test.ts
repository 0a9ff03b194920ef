import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { runExpiryJob } from '../../functions/domain/slots/expiry-job';
import { apiClient } from '../support/http';
import { notificationsOf } from '../support/notifications';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, productUrl, resetSettings, row, setSetting } from '../support/slots';

/**
 * The daily expiry job. Unfilled pre-allocated slots expire after their end date;
 * each owner gets one '만료 예정' notice per slot 3 days and 1 day before its end (recorded on the
 * slot until notifications exist); twice, concurrently or after a missed day, nothing happens twice.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();

const call = (method: string, path: string, token: string, body?: unknown) => api.call(method, path, { token, body });
/** Moves a slot's period (tests stand in for the passing days). */
const setPeriod = (id: string, startDate: string, endDate: string, extra: Record<string, unknown> = {}) => {
  const attrs: Record<string, unknown> = { startDate, endDate, ...extra };
  return db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(id),
      UpdateExpression: `SET ${Object.keys(attrs)
        .map((_, i) => `#k${i} = :v${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(attrs).map((k, i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(attrs).map((v, i) => [`:v${i}`, v])),
    }),
  );
};
const slotOf = async (id: string, token = operator.token) => (await call('GET', `/api/slots/${id}`, token)).body.data;
const countsOf = async (userId: string) =>
  (await call('GET', `/api/slots/count?userId=${userId}`, operator.token)).body.data.byStatus;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '만료운영자' });
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

describe('expiry of unfilled pre-allocated slots', () => {
  it('expires the slots left unfilled past their end once, with counters and a log line; filled ones stay', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const user = await newAccount(stack, { name: '선슬롯광고주' });
    const issued = await call('POST', `/api/slots/allocate/${user.id}`, operator.token, {
      slotCount: 3,
      startDate: today,
      endDate: addKstDays(today, 6),
    });
    expect(issued.status).toBe(201);
    const [filled, unfilled, later] = issued.body.data.slotIds as string[];
    expect(
      (await call('PUT', `/api/slots/${filled}/fill`, user.token, { keyword: '채운키워드', url: productUrl(3) }))
        .status,
    ).toBe(200);
    // Two of them ended yesterday; one ends next week.
    for (const id of [filled, unfilled])
      await setPeriod(id, addKstDays(today, -7), addKstDays(today, -1), {
        pre_allocation_end_date: addKstDays(today, -1),
      });

    // Before the job the unfilled one already shows as expired, and can no longer be filled.
    expect((await slotOf(unfilled, user.token)).displayStatus).toBe('expired');
    expect(
      (await call('PUT', `/api/slots/${unfilled}/fill`, user.token, { keyword: '늦은키워드', url: productUrl(5) }))
        .status,
    ).toBe(409);
    expect(await countsOf(user.id)).toMatchObject({ empty: 2 });

    const res = await fetch(`${stack.url}/_local/jobs/expiry`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ expired: 1, failed: 0 });
    expect(await slotOf(unfilled)).toMatchObject({
      status: 'expired',
      displayStatus: 'expired',
      expiredAt: expect.any(String),
    });
    expect((await slotOf(filled)).status).not.toBe('expired');
    expect((await slotOf(later)).status).toBe('empty');
    expect(await countsOf(user.id)).toMatchObject({ empty: 1, expired: 1 });
    const logs = (await call('GET', `/api/slots/${unfilled}/logs`, operator.token)).body.data;
    expect(logs[0]).toMatchObject({
      new_value: 'expired',
      full_name: '시스템',
      description: `입력대기 → 만료 (종료일 ${addKstDays(today, -1)}까지 입력되지 않음)`,
    });
    const filling = await call('PUT', `/api/slots/${unfilled}/fill`, user.token, {
      keyword: '늦은키워드',
      url: productUrl(4),
    });
    expect(filling.status).toBe(409);

    // A second run finds nothing to do.
    expect(await runExpiryJob()).toMatchObject({ expired: 0, failed: 0 });
    expect(await countsOf(user.id)).toMatchObject({ empty: 1, expired: 1 });
  });
});

describe("'만료 예정' notices", () => {
  it('records one D-3 and one D-1 notice per slot, catches up a missed day, and shows them in the list', async () => {
    await setSetting('slotOperationMode', 'normal');
    const user = await newAccount(stack, { balance: 200_000, name: '만료예정광고주' });
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const created = await call('POST', '/api/slots', user.token, row(n));
      expect(
        (await call('POST', `/api/slots/${created.body.data.id}/approve`, operator.token, { approved: true })).status,
      ).toBe(200);
      ids.push(created.body.data.id);
    }
    const [inThree, inTwo] = ids;
    // Listed once, so the owner's copy is cached before the job changes the slots.
    await call('GET', '/api/slots', user.token);
    await setPeriod(inThree, addKstDays(today, -20), addKstDays(today, 3));
    // Its D-3 day was missed (the job did not run): 2 days left and no notice yet.
    await setPeriod(inTwo, addKstDays(today, -20), addKstDays(today, 2));
    await call('PUT', `/api/slots/${inThree}/update-fields`, operator.token, { customFields: {} }); // bumps the list version after the direct edits

    const first = await runExpiryJob(today);
    expect(first.failed).toBe(0);
    const listed = (await call('GET', '/api/slots', user.token)).body.data.items;
    const noticesOf = (id: string) => listed.find((s: any) => s.id === id).expiry_notices;
    expect(Object.keys(noticesOf(inThree))).toEqual(['D-3']);
    expect(Object.keys(noticesOf(inTwo))).toEqual(['D-3']);
    // The owner is told, once per slot and notice.
    const expiryNotices = async () => (await notificationsOf(user.id)).filter((n) => n.title === '만료 예정');
    expect((await expiryNotices()).map((n) => n.message).sort()).toEqual(
      [
        `만료 예정: 슬롯 #1이(가) 3일 후(${addKstDays(today, 3)}) 종료됩니다.`,
        `만료 예정: 슬롯 #2이(가) 2일 후(${addKstDays(today, 2)}) 종료됩니다.`,
      ].sort(),
    );

    // Twice the same day, and two runs at once: nothing more.
    const sentAt = (await slotOf(inThree)).expiry_notices['D-3'];
    const again = await Promise.all([runExpiryJob(today), runExpiryJob(today)]);
    expect(again.map((r) => r.failed)).toEqual([0, 0]);
    expect((await slotOf(inThree)).expiry_notices).toEqual({ 'D-3': sentAt });
    expect(await expiryNotices()).toHaveLength(2);

    // Two days on: one day left for the first slot, the second ends today — D-1 for each, once.
    const later = addKstDays(today, 2);
    await runExpiryJob(later);
    await runExpiryJob(later);
    expect(Object.keys((await slotOf(inThree)).expiry_notices).sort()).toEqual(['D-1', 'D-3']);
    expect(Object.keys((await slotOf(inTwo)).expiry_notices).sort()).toEqual(['D-1', 'D-3']);
    expect(await expiryNotices()).toHaveLength(4);
  });
});
