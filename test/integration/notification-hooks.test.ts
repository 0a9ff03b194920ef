import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, productUrl, resetSettings, row, setSetting } from '../support/slots';

/**
 * Each feature tells the person through notify() after its own change commits,
 * once, however often the operator's call is repeated or retried (the same Idempotency-Key, a
 * second click, a concurrent twin). Read through the user's own GET /api/notifications.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '알림운영자' });
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

const call = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.call(method, path, { token, body, headers });
const inbox = async (token: string) =>
  (await call('GET', '/api/notifications?limit=100', token)).body.data.items as Array<{
    title: string;
    message: string;
    type: string;
    sender: string;
    actions?: unknown[];
    metadata?: any;
  }>;
const titled = async (token: string, title: string) => (await inbox(token)).filter((n) => n.title === title);

describe('cash', () => {
  it('an approval and a rejection each notify the user once, however the operator retries', async () => {
    const user = await newAccount(stack);
    const request = async () =>
      (
        await call('POST', '/api/cash/charge-requests', user.token, {
          amount: 50_000,
          depositAt: '2025-03-01T10:00',
          accountHolder: '홍길동',
        })
      ).body.data.id;
    const approveId = await request();
    const headers = { 'idempotency-key': 'approve-once' };
    const approvals = await Promise.all(
      [1, 2].map(() =>
        call(
          'POST',
          `/api/cash/charge-requests/${approveId}/approve`,
          operator.token,
          { bonusPercentage: 10 },
          headers,
        ),
      ),
    );
    expect(approvals.some((r) => r.status === 200)).toBe(true);
    expect(
      (
        await call(
          'POST',
          `/api/cash/charge-requests/${approveId}/approve`,
          operator.token,
          { bonusPercentage: 10 },
          headers,
        )
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/cash/charge-requests/${approveId}/approve`, operator.token, { bonusPercentage: 10 }))
        .status,
    ).toBe(409);
    const approved = await titled(user.token, '충전 승인');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      type: 'success',
      sender: 'system',
      message: '50,000원 충전이 승인되었습니다. 보너스 5,000원이 함께 적립되었습니다.',
      metadata: { chargeRequestId: approveId, event: 'charge-approved' },
    });

    const rejectId = await request();
    for (let i = 0; i < 2; i++)
      await call(
        'POST',
        `/api/cash/charge-requests/${rejectId}/reject`,
        operator.token,
        { reason: '입금 확인 불가' },
        { 'idempotency-key': 'reject-once' },
      );
    const rejected = await titled(user.token, '충전 거절');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].message).toBe('50,000원 충전 요청이 거절되었습니다. 사유: 입금 확인 불가');
    expect(rejected[0].metadata).toMatchObject({ event: 'charge-rejected' });
    expect((await call('GET', '/api/notifications/unread-count', user.token)).body.data.count).toBe(2);
  });
});

describe('slots', () => {
  it('approval, rejection and refund notify the owner once each; a repeated decision sends nothing new', async () => {
    await setSetting('slotOperationMode', 'normal');
    const user = await newAccount(stack, { balance: 500_000 });
    const create = async (n: number) => (await call('POST', '/api/slots', user.token, row(n))).body.data;
    const first = await create(1);
    const second = await create(2);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', `/api/slots/${first.id}/approve`, operator.token, { approved: true })).status).toBe(
        200,
      );
    for (let i = 0; i < 2; i++)
      await call('POST', `/api/slots/${second.id}/approve`, operator.token, {
        approved: false,
        rejectionReason: '키워드 부적합',
      });

    const approved = await titled(user.token, '슬롯 승인');
    expect(approved).toHaveLength(1);
    expect(approved[0].message).toMatch(
      new RegExp(`^슬롯 #${first.slot_number}\\(키워드1\\)이\\(가\\) 승인되었습니다\\. 기간: ${kstToday()} ~ `),
    );
    const rejected = await titled(user.token, '슬롯 반려');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].message).toBe(`슬롯 #${second.slot_number}(키워드2)이(가) 반려되었습니다. 사유: 키워드 부적합`);
    // The SPA refreshes the balance on these events (the rejected slot's price went back).
    expect(rejected[0].metadata).toMatchObject({ slotId: second.id, event: 'slot-rejected' });

    const refund = () =>
      call('PATCH', `/api/slots/${first.id}/status`, operator.token, { status: 'refunded', refundReason: '고객 요청' });
    expect((await refund()).status).toBe(200);
    expect((await refund()).status).toBe(409);
    const refunded = await titled(user.token, '슬롯 환불');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ type: 'info', metadata: { slotId: first.id, event: 'slot-refunded' } });
    expect(refunded[0].message).toMatch(/환불 처리되었습니다\. 환불 금액: [\d,]+원$/);
  });

  it('an issuance and an extension notify once each, retried with the same Idempotency-Key', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const user = await newAccount(stack);
    const end = addKstDays(kstToday(), 6);
    const headers = { 'idempotency-key': 'issue-once' };
    const allocate = () =>
      call(
        'POST',
        `/api/slots/allocate/${user.id}`,
        operator.token,
        { slotCount: 2, startDate: kstToday(), endDate: end },
        headers,
      );
    const issued = await allocate();
    expect(issued.status).toBe(201);
    expect((await allocate()).body.data.allocationId).toBe(issued.body.data.allocationId);
    const allocated = await titled(user.token, '슬롯 발급');
    expect(allocated).toHaveLength(1);
    expect(allocated[0].message).toBe(`슬롯 2개가 발급되었습니다. 기간: ${kstToday()} ~ ${end}`);

    const [slotId] = issued.body.data.slotIds;
    expect(
      (await call('PUT', `/api/slots/${slotId}/fill`, user.token, { keyword: '키워드1', url: productUrl(1) })).status,
    ).toBe(200);
    const extend = () =>
      call(
        'POST',
        `/api/slots/${slotId}/extend`,
        operator.token,
        { extensionDays: 10 },
        { 'idempotency-key': 'extend-once' },
      );
    expect((await extend()).status).toBe(200);
    expect((await extend()).status).toBe(200);
    const extended = await titled(user.token, '슬롯 연장');
    expect(extended).toHaveLength(1);
    expect(extended[0].message).toBe(
      `슬롯이 10일 연장되었습니다. 새 슬롯 #3, 기간: ${addKstDays(end, 1)} ~ ${addKstDays(end, 10)}`,
    );
  });
});
