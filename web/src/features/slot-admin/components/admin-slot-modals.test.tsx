import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import { defaultSettings } from '#shared/settings';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { useActionKey, type ActionKeys } from '@/hooks/use-action-key';
import { AppSettingsContext } from '@/lib/app-settings';
import { AdminEditSlotModal } from './admin-edit-slot-modal';
import { ApproveSlotModal } from './approve-slot-modal';
import { ExtendSlotModal } from './extend-slot-modal';
import { RefundSlotModal } from './refund-slot-modal';
import { RejectSlotModal } from './reject-slot-modal';

const url = 'https://www.coupang.com/vp/products/1?itemId=1&vendorItemId=1';
const slot = {
  id: 's1',
  slot_number: 7,
  status: 'active',
  user_name: '광고주',
  user_email: 'adv1',
  price: 0,
  customFields: { keywords: '키워드', landingUrl: url },
  keyword: '키워드',
  url,
  mid: '',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
} as unknown as SlotDto;

type Answer = 'ok' | { status: number; error?: string } | 'network';
let answer: Answer = 'ok';
let calls: Array<{ method: string; path: string; search: string; body: unknown; key?: string }> = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = 'ok';
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const parsed = new URL(String(input), 'http://localhost');
    calls.push({
      method,
      path: parsed.pathname,
      search: parsed.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    });
    if (parsed.pathname.endsWith('/refund-preview')) {
      const full = parsed.searchParams.get('fullRefund') === 'true';
      return json({
        success: true,
        data: { amount: full ? 50_000 : 33_330, fullAmount: 50_000, remainingDays: 20, totalDays: 30 },
      });
    }
    if (parsed.pathname === '/api/slots/s1/rank-delete-query')
      return json({
        success: true,
        data: {
          slotId: 's1',
          hasRankData: true,
          historyDays: 5,
          message:
            '키워드 또는 URL을 변경하면 기존 순위 정보(현재 순위, 어제 순위, 최초 순위, 순위 히스토리 5일)가 초기화됩니다.',
        },
      });
    if (method === 'GET')
      return json({ success: true, data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } } });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer !== 'ok')
      return answer.error
        ? json({ success: false, code: 'CONFLICT', error: answer.error }, answer.status)
        : new Response('<html>', { status: answer.status });
    return json({ success: true, data: { ...slot, message: '슬롯이 10일 연장되었습니다.' } });
  });
});
afterEach(() => vi.restoreAllMocks());

const writes = () => calls.filter((c) => c.method !== 'GET');

function wrap(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: defaultSettings(), status: 'ready' }}>
        <ToastProvider>{ui}</ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

/** The dialogs get their keys from AdminSlotModals, which outlives them. */
function Keyed({ render }: { render: (keys: ActionKeys) => ReactNode }) {
  return <>{render(useActionKey())}</>;
}

describe('ApproveSlotModal', () => {
  it.each(['', '0', '-100', 'abc'])(
    "refuses the price %j with '올바른 가격을 입력해주세요.' and sends nothing",
    async (price) => {
      const user = userEvent.setup();
      wrap(<Keyed render={(keys) => <ApproveSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
      if (price) await user.type(screen.getByLabelText(/가격/), price);
      await user.click(screen.getByRole('button', { name: '승인' }));
      expect(await screen.findByText('올바른 가격을 입력해주세요.')).toBeInTheDocument();
      expect(writes()).toHaveLength(0);
    },
  );

  it('approves with the price', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<Keyed render={(keys) => <ApproveSlotModal slot={slot} onClose={onClose} keys={keys} />} />);
    await user.type(screen.getByLabelText(/가격/), '45000');
    await user.click(screen.getByRole('button', { name: '승인' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/slots/s1/approve',
      body: { approved: true, approvedPrice: 45_000 },
    });
  });
});

describe('ApproveSlotModal for a slot the balance paid (cash system on)', () => {
  const paidSlot = { ...slot, status: 'pending', price: 50_000 } as SlotDto;

  it('shows the paid price, offers no other, and approves at exactly that price', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<Keyed render={(keys) => <ApproveSlotModal slot={paidSlot} onClose={onClose} keys={keys} />} />);
    expect(screen.getByTestId('approve-paid-price')).toHaveTextContent('50,000원');
    expect(screen.getByText(/다른 가격은 승인 후 '가격 수정'에서 바꿀 수 있습니다/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/가격 \(원\)/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '승인' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      expect.objectContaining({ path: '/api/slots/s1/approve', body: { approved: true, approvedPrice: 50_000 } }),
    ]);
  });

  it('asks for the price when the cash system is off', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AppSettingsContext.Provider
          value={{ settings: { ...defaultSettings(), useCashSystem: false }, status: 'ready' }}
        >
          <ToastProvider>
            <Keyed render={(keys) => <ApproveSlotModal slot={paidSlot} onClose={vi.fn()} keys={keys} />} />
          </ToastProvider>
        </AppSettingsContext.Provider>
      </SWRConfig>,
    );
    expect(screen.getByLabelText(/가격 \(원\)/)).toHaveValue('50000');
    expect(screen.queryByTestId('approve-paid-price')).not.toBeInTheDocument();
  });
});

describe('RejectSlotModal', () => {
  it('needs a reason', async () => {
    const user = userEvent.setup();
    wrap(<Keyed render={(keys) => <RejectSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
    await user.type(screen.getByLabelText(/거절 사유/), '   ');
    await user.click(screen.getByRole('button', { name: '거절' }));
    expect(await screen.findByText('거절 사유를 입력해주세요.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });
});

describe('RefundSlotModal', () => {
  it('shows the previewed amount, needs a reason, and sends the full-refund choice', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<Keyed render={(keys) => <RefundSlotModal slot={slot} onClose={onClose} keys={keys} />} />);
    expect(await screen.findByText('33,330원')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '환불' }));
    expect(await screen.findByText('환불 사유를 입력해주세요.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByLabelText(/전액 환불/));
    expect(await screen.findByText('50,000원')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/환불 사유/), '광고주 요청');
    await user.click(screen.getByRole('button', { name: '환불' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/slots/s1/status',
      body: { status: 'refunded', refundReason: '광고주 요청', fullRefund: true },
    });
    expect(await screen.findByText('환불 처리가 완료되었습니다.')).toBeInTheDocument();
  });

  it.each([
    [{ status: 409, error: '이미 환불된 슬롯입니다.' }, '환불 처리 실패: 이미 환불된 슬롯입니다.'],
    [{ status: 409 }, '환불 처리 실패'],
    ['network', '환불 처리 중 오류가 발생했습니다.'],
  ] as const)('a failed refund (%o) reads %j', async (given, text) => {
    answer = given;
    const user = userEvent.setup();
    wrap(<Keyed render={(keys) => <RefundSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
    await user.type(screen.getByLabelText(/환불 사유/), '요청');
    await user.click(screen.getByRole('button', { name: '환불' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('money calls keep one Idempotency-Key per decision', () => {
  it('a refund retried after a lost answer carries the same key; another reason is another refund', async () => {
    answer = 'network';
    const user = userEvent.setup();
    wrap(<Keyed render={(keys) => <RefundSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
    await user.type(screen.getByLabelText(/환불 사유/), '요청');
    await user.click(screen.getByRole('button', { name: '환불' }));
    expect(await screen.findByText('환불 처리 중 오류가 발생했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '환불' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    await user.type(screen.getByLabelText(/환불 사유/), ' 변경');
    await user.click(screen.getByRole('button', { name: '환불' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    const [first, retry, changed] = writes().map((w) => w.key);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });

  it('an extension that succeeded is not replayed by the next one', async () => {
    const user = userEvent.setup();
    wrap(<Keyed render={(keys) => <ExtendSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
    await user.click(screen.getByRole('button', { name: '연장' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '연장' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1].key).not.toBe(writes()[0].key);
  });
});

describe('ExtendSlotModal', () => {
  it('offers 1, 7, 10 and 30 days with 10 chosen, and sends the choice', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<Keyed render={(keys) => <ExtendSlotModal slot={slot} onClose={onClose} keys={keys} />} />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['1', '7', '10', '30']);
    expect(screen.getByLabelText('10일')).toBeChecked();
    await user.click(screen.getByLabelText('30일'));
    await user.click(screen.getByRole('button', { name: '연장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({ method: 'POST', path: '/api/slots/s1/extend', body: { extensionDays: 30 } });
  });

  it.each([
    [{ status: 400 }, '연장에 실패했습니다.'],
    ['network', '연장 중 오류가 발생했습니다.'],
  ] as const)('a failure (%o) reads %j', async (given, text) => {
    answer = given;
    const user = userEvent.setup();
    wrap(<Keyed render={(keys) => <ExtendSlotModal slot={slot} onClose={vi.fn()} keys={keys} />} />);
    await user.click(screen.getByRole('button', { name: '연장' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('AdminEditSlotModal', () => {
  it('refuses an end date before the start date and sends nothing', async () => {
    const user = userEvent.setup();
    wrap(<AdminEditSlotModal slot={slot} configs={defaultFieldConfigs} onClose={vi.fn()} />);
    const end = screen.getByLabelText('종료일');
    await user.clear(end);
    await user.type(end, '2026-10-01');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('종료일은 시작일보다 늦어야 합니다.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('saves the period with update-fields, and a refusal reads 저장 실패: {error}', async () => {
    const user = userEvent.setup();
    answer = { status: 409, error: '완료된 슬롯은 변경할 수 없습니다.' };
    wrap(<AdminEditSlotModal slot={slot} configs={defaultFieldConfigs} onClose={vi.fn()} />);
    const end = screen.getByLabelText('종료일');
    await user.clear(end);
    await user.type(end, '2026-12-10');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('저장 실패: 완료된 슬롯은 변경할 수 없습니다.')).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/slots/s1/update-fields',
      body: { endDate: '2026-12-10' },
    });
  });

  it('asks before a keyword change resets the rank, saying how many history days the server would delete', async () => {
    const user = userEvent.setup();
    wrap(<AdminEditSlotModal slot={slot} configs={defaultFieldConfigs} onClose={vi.fn()} />);
    const keyword = screen.getByLabelText(/^키워드/);
    await user.clear(keyword);
    await user.type(keyword, '새 키워드');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const dialog = await screen.findByRole('dialog', { name: '순위 정보 초기화' });
    expect(await within(dialog).findByText(/순위 히스토리 5일\)가 초기화됩니다\./)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });
});
