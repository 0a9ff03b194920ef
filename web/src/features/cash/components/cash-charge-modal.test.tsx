import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session-store';
import { CashChargeModal } from './cash-charge-modal';

/** The charge dialog (advertiser §2 Cash charge): shared-schema validation, money call shape, 2 s close. */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const created = (amount: number) => ({
  id: 'c1',
  userId: 'u1',
  userEmail: 'adv',
  userName: '광고주',
  amount,
  bonusPercentage: 0,
  bonusAmount: 0,
  depositAt: '2025-03-01T05:30:00.000Z',
  accountHolder: '홍길동',
  status: 'pending',
  requestedAt: '2025-03-01T00:00:00.000Z',
  createdAt: '2025-03-01T00:00:00.000Z',
  processedAt: null,
  processorId: null,
  rejectionReason: null,
});

function renderModal() {
  const onClose = vi.fn();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CashChargeModal open onClose={onClose} />
    </SWRConfig>,
  );
  return { onClose, user: userEvent.setup() };
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeEach(() => {
  resetSessionForTests();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/cash/balance')) return json(200, { success: true, data: { amount: 12_345, updatedAt: null } });
    if (url.startsWith('/api/cash/charge-requests') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      if (body.amount === 777_777) return json(429, { success: false, code: 'THROTTLED', error: '요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.' });
      return json(201, { success: true, data: created(body.amount) });
    }
    return json(200, { success: true, data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('CashChargeModal', () => {
  it('shows the balance and the six presets', async () => {
    renderModal();
    expect(await screen.findByText('12,345원')).toBeTruthy();
    for (const label of ['10,000원', '30,000원', '50,000원', '100,000원', '300,000원', '500,000원']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('checks the three fields and the range with the shared schema before calling the server', async () => {
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    expect(await screen.findByText('충전 금액을 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('입금 예정일시를 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('입금자명을 입력해주세요.')).toBeTruthy();
    await user.type(screen.getByLabelText('충전 금액', { selector: 'input' }), '12.5');
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    expect(await screen.findByText('충전 금액은 원 단위 정수로 입력해주세요.')).toBeTruthy();
    await user.clear(screen.getByLabelText('충전 금액', { selector: 'input' }));
    await user.type(screen.getByLabelText('충전 금액', { selector: 'input' }), '2000000');
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    expect(await screen.findByText('충전 금액은 10,000원 이상 1,000,000원 이하로 입력해주세요.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('sends the request with a fresh Idempotency-Key, shows the success text and closes 2 s later', async () => {
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: '50,000원' }));
    await user.type(screen.getByLabelText('입금 예정일시'), '2025-03-01T14:30');
    await user.type(screen.getByLabelText('입금자명'), '홍길동');
    await user.click(screen.getByRole('button', { name: '충전 요청' }));

    expect(await screen.findByText('충전 요청이 완료되었습니다.')).toBeTruthy();
    const shownAt = Date.now();
    const [url, init] = posts()[0];
    expect(url).toBe('/api/cash/charge-requests');
    expect(JSON.parse(String(init.body))).toEqual({ amount: 50_000, depositAt: '2025-03-01T05:30:00.000Z', accountHolder: '홍길동' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it('shows the server’s Korean error and stays open; a new submit uses a new key', async () => {
    const { user, onClose } = renderModal();
    await user.type(screen.getByLabelText('충전 금액', { selector: 'input' }), '777777');
    await user.type(screen.getByLabelText('입금 예정일시'), '2025-03-01T14:30');
    await user.type(screen.getByLabelText('입금자명'), '홍길동');
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    expect(await screen.findByText('요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const keys = posts().map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
