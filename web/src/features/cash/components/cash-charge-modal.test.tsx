import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session-store';
import { CashChargeModal } from './cash-charge-modal';
import { chargeRequestFixture } from '../testing/charge-request-fixture';

/**
 * The charge dialog: shared-schema validation, money call shape, 2 s close, and one Idempotency-Key
 * per charge across retries, so a retry never charges twice.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
/** How many charge POSTs fail next, and how: a 503 answer or no answer at all. */
let failing = { count: 0, how: 'unavailable' as 'unavailable' | 'network' };
const created = (amount: number) => chargeRequestFixture({ amount });

function renderModal() {
  const onClose = vi.fn();
  const cache = new Map();
  const ui = (open: boolean) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <CashChargeModal open={open} onClose={onClose} />
    </SWRConfig>
  );
  const { rerender } = render(ui(true));
  return { onClose, user: userEvent.setup(), setOpen: (open: boolean) => rerender(ui(open)) };
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const sentKeys = () => posts().map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
const sentAmounts = () => posts().map(([, init]) => JSON.parse(String(init.body)).amount);

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, preset: string) {
  await user.click(screen.getByRole('button', { name: preset }));
  const depositAt = screen.getByLabelText('입금 예정일시');
  await user.clear(depositAt);
  await user.type(depositAt, '2025-03-01T14:30');
  const holder = screen.getByLabelText('입금자명');
  await user.clear(holder);
  await user.type(holder, '홍길동');
  await submit(user);
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  const before = posts().length;
  await user.click(screen.getByRole('button', { name: '충전 요청' }));
  await waitFor(() => expect(posts()).toHaveLength(before + 1));
  // The answer is in once the button is back.
  await screen.findByRole('button', { name: '충전 요청' });
}

beforeEach(() => {
  resetSessionForTests();
  failing = { count: 0, how: 'unavailable' };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/cash/balance'))
      return json(200, { success: true, data: { amount: 12_345, updatedAt: null } });
    if (url.startsWith('/api/cash/charge-requests') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      if (failing.count > 0) {
        failing.count -= 1;
        if (failing.how === 'network') throw new TypeError('Failed to fetch');
        return json(503, {
          success: false,
          code: 'INTERNAL',
          error: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
        });
      }
      if (body.amount === 777_777)
        return json(429, {
          success: false,
          code: 'THROTTLED',
          error: '요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.',
        });
      return json(201, { success: true, data: created(body.amount) });
    }
    return json(200, {
      success: true,
      data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } },
    });
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
    expect(JSON.parse(String(init.body))).toEqual({
      amount: 50_000,
      depositAt: '2025-03-01T05:30:00.000Z',
      accountHolder: '홍길동',
    });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it('shows the server’s Korean error and stays open; submitting the same charge again is a retry with the same key', async () => {
    const { user, onClose } = renderModal();
    await user.type(screen.getByLabelText('충전 금액', { selector: 'input' }), '777777');
    await user.type(screen.getByLabelText('입금 예정일시'), '2025-03-01T14:30');
    await user.type(screen.getByLabelText('입금자명'), '홍길동');
    await user.click(screen.getByRole('button', { name: '충전 요청' }));
    expect(await screen.findByText('요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
    await submit(user);
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps one key per charge: a retry reuses it, other values get their own, and after a success the next charge a new one', async () => {
    failing = { count: 2, how: 'unavailable' };
    const { user } = renderModal();
    await fillAndSubmit(user, '50,000원'); // fails
    expect(await screen.findByText('서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '30,000원' }));
    await submit(user); // other amount: another charge; fails too
    await user.click(screen.getByRole('button', { name: '50,000원' }));
    await submit(user); // back to the first charge: its retry, succeeds
    expect(await screen.findByText('충전 요청이 완료되었습니다.')).toBeTruthy();
    await fillAndSubmit(user, '50,000원'); // the same values after a success: a new charge

    expect(sentAmounts()).toEqual([50_000, 30_000, 50_000, 50_000]);
    const [first, other, retry, next] = sentKeys();
    expect(other).not.toBe(first);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(next).not.toBe(other);
  });

  it('a charge retried after closing and reopening the dialog keeps its key', async () => {
    failing = { count: 1, how: 'network' };
    const { user, setOpen } = renderModal();
    await fillAndSubmit(user, '100,000원');
    expect(await screen.findByText('서버와의 통신 중 오류가 발생했습니다.')).toBeTruthy();
    setOpen(false);
    expect(screen.queryByRole('button', { name: '충전 요청' })).toBeNull();
    setOpen(true);
    await fillAndSubmit(user, '100,000원');
    expect(await screen.findByText('충전 요청이 완료되었습니다.')).toBeTruthy();
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
