import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import { defaultSettings, type Settings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { BulkRegistrationPage } from './bulk-registration-page';

const url = (n: number) => `https://www.coupang.com/vp/products/${n}?itemId=${n}&vendorItemId=${n}`;
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let balance = 1_000_000;
let balanceFails = false;
let bulkBodies: unknown[] = [];
let bulkKeys: Array<string | null> = [];
let bulkAnswer: (() => Response) | null = null;

beforeEach(() => {
  bulkBodies = [];
  bulkKeys = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/field-configs') return ok(defaultFieldConfigs);
    if (path === '/api/cash/balance') {
      if (balanceFails)
        return new Response(
          JSON.stringify({
            success: false,
            code: 'INTERNAL',
            error: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
          }),
          { status: 500 },
        );
      return ok({ amount: balance, updatedAt: '' });
    }
    if (path === '/api/slots/bulk') {
      const body = JSON.parse(String(init?.body));
      bulkBodies.push(body);
      bulkKeys.push(new Headers(init?.headers).get('idempotency-key'));
      if (bulkAnswer) return bulkAnswer();
      return ok({
        succeeded: 1,
        failed: 1,
        skipped: 0,
        errors: [{ row: 2, message: '슬롯은 사용자당 최대 100개까지 보유할 수 있습니다. (현재 100개)' }],
        slotIds: ['a'],
        charged: 50000,
        balanceAfter: 0,
        message: '',
      });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
  bulkAnswer = null;
  balanceFails = false;
});

function renderPage(overrides: Partial<Settings> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), ...overrides }, status: 'ready' }}>
        <ToastProvider>
          <MemoryRouter>
            <BulkRegistrationPage />
          </MemoryRouter>
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

async function pasteRows(rows: string[][]) {
  const user = userEvent.setup();
  const grid = await screen.findByRole('grid', { name: '슬롯 대량 등록 표' });
  await user.click(grid.querySelector('[aria-label="1행 키워드"]') as HTMLElement);
  fireEvent.paste(screen.getByRole('textbox', { name: '1행 키워드' }), {
    clipboardData: { getData: () => rows.map((r) => r.join('\t')).join('\n') },
  });
  return user;
}

describe('BulkRegistrationPage', () => {
  it('starts with 5 rows and the no-data message; the button shows count and cost', async () => {
    renderPage();
    expect(await screen.findByText('등록할 슬롯 데이터를 입력해주세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0개 슬롯 신청 (0원)' })).toBeDisabled();
    await pasteRows([
      ['a', url(1)],
      ['b', url(2)],
    ]);
    expect(await screen.findByRole('button', { name: '2개 슬롯 신청 (100,000원)' })).toBeEnabled();
  });

  it('without the cash system the label has no cost and no balance counters', async () => {
    renderPage({ useCashSystem: false });
    await pasteRows([['a', url(1)]]);
    expect(await screen.findByRole('button', { name: '1개 슬롯 신청' })).toBeEnabled();
    expect(screen.queryByText('현재 잔액')).toBeNull();
  });

  it('blocks on insufficient cash, naming the amount needed and the balance', async () => {
    balance = 60_000;
    renderPage();
    await screen.findByText('60,000원');
    await pasteRows([
      ['a', url(1)],
      ['b', url(2)],
    ]);
    expect(await screen.findByText('잔액이 부족합니다. 필요 금액: 100,000원, 현재 잔액: 60,000원')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2개 슬롯 신청 (100,000원)' })).toBeDisabled();
    balance = 1_000_000;
  });

  it('sends every row in one request and shows a partial result, keeping the failed row', async () => {
    renderPage();
    const user = await pasteRows([
      ['a', url(1)],
      ['b', url(2)],
    ]);
    await user.click(await screen.findByRole('button', { name: '2개 슬롯 신청 (100,000원)' }));
    expect(screen.getByText('2개 슬롯을 신청하시겠습니까? 총 100,000원이 잔액에서 차감됩니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '신청' }));
    expect(await screen.findByText('1개 성공, 1개 실패')).toBeInTheDocument();
    expect(bulkBodies).toHaveLength(1);
    expect((bulkBodies[0] as { rows: unknown[] }).rows).toHaveLength(2);
    expect(
      screen.getByText('행 1: 슬롯은 사용자당 최대 100개까지 보유할 수 있습니다. (현재 100개)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1개 슬롯 신청 (50,000원)' })).toBeInTheDocument();
  });

  it('after a lost answer and a reload, the same rows pasted again (stray spaces) are the same bulk', async () => {
    bulkAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    const first = renderPage();
    const user = await pasteRows([
      ['캠핑의자', url(1)],
      ['텐트', url(2)],
    ]);
    await user.click(await screen.findByRole('button', { name: '2개 슬롯 신청 (100,000원)' }));
    await user.click(screen.getByRole('button', { name: '신청' }));
    await screen.findByText(/네트워크|연결|서버/, undefined, { timeout: 8000 });
    const lost = bulkKeys.length;
    first.unmount();

    // The page is loaded again; the advertiser pastes the same rows, this time with stray spaces.
    bulkAnswer = null;
    const again = renderPage();
    const user2 = await pasteRows([
      [' 캠핑의자 ', `${url(1)} `],
      ['텐트', `${url(2)}&q=텐트`],
    ]);
    await user2.click(await screen.findByRole('button', { name: '2개 슬롯 신청 (100,000원)' }));
    await user2.click(screen.getByRole('button', { name: '신청' }));
    await screen.findByText('1개 성공, 1개 실패');
    expect(bulkKeys.length).toBe(lost + 1);
    expect(bulkKeys.at(-1)).toBe(bulkKeys[0]);
    expect(bulkBodies.at(-1)).toEqual(bulkBodies[0]);
    again.unmount();
  });

  it('a 402 for the whole bulk still names each bad row, by its grid number, and keeps the grid', async () => {
    bulkAnswer = () =>
      new Response(
        JSON.stringify({
          success: false,
          code: 'INSUFFICIENT_BALANCE',
          error: '잔액이 부족합니다. 필요 금액: 100,000원, 현재 잔액: 60,000원',
          details: {
            required: 100_000,
            balance: 60_000,
            succeeded: 0,
            failed: 1,
            skipped: 0,
            errors: [{ row: 3, field: 'landingUrl', message: '쿠팡 URL만 허용됩니다.' }],
          },
        }),
        { status: 402, headers: { 'content-type': 'application/json' } },
      );
    renderPage();
    const user = await pasteRows([
      ['a', url(1)],
      ['', ''],
      ['b', url(2)],
      ['c', url(3)],
    ]);
    await user.click(await screen.findByRole('button', { name: '3개 슬롯 신청 (150,000원)' }));
    await user.click(screen.getByRole('button', { name: '신청' }));
    const panel = await screen.findByTestId('bulk-result');
    expect(panel).toHaveTextContent('잔액이 부족합니다. 필요 금액: 100,000원, 현재 잔액: 60,000원');
    // Row 3 of the request is the 4th grid row (the blank one is not sent).
    expect(panel).toHaveTextContent('행 4: 쿠팡 URL만 허용됩니다.');
    expect(panel).toHaveTextContent('등록된 슬롯이 없으며 차감된 금액도 없습니다.');
    expect(screen.getByRole('button', { name: '3개 슬롯 신청 (150,000원)' })).toBeInTheDocument();
  });
  it('a failed row without a message reads once "행 N: 등록 실패", never doubled', async () => {
    bulkAnswer = () =>
      ok({
        succeeded: 1,
        failed: 1,
        skipped: 0,
        errors: [{ row: 2, message: '' }],
        slotIds: ['a'],
        charged: 50000,
        balanceAfter: 0,
        message: '',
      });
    renderPage();
    const user = await pasteRows([
      ['a', url(1)],
      ['b', url(2)],
    ]);
    await user.click(await screen.findByRole('button', { name: '2개 슬롯 신청 (100,000원)' }));
    await user.click(screen.getByRole('button', { name: '신청' }));
    const panel = await screen.findByTestId('bulk-result');
    // Partly done: the failed row is now row 1 of the grid.
    expect(panel).toHaveTextContent('행 1: 등록 실패');
    expect(panel).not.toHaveTextContent('행 1: 행 1');
  });

  it('a row of a refused bulk without a message reads "알 수 없는 오류"', async () => {
    bulkAnswer = () =>
      new Response(
        JSON.stringify({
          success: false,
          code: 'CONFLICT',
          error: '슬롯은 사용자당 최대 100개까지 보유할 수 있습니다. (현재 100개)',
          details: { errors: [{ row: 1, message: '' }] },
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    renderPage();
    const user = await pasteRows([['a', url(1)]]);
    await user.click(await screen.findByRole('button', { name: '1개 슬롯 신청 (50,000원)' }));
    await user.click(screen.getByRole('button', { name: '신청' }));
    expect(await screen.findByTestId('bulk-result')).toHaveTextContent('행 1: 알 수 없는 오류');
  });

  it('says why the button is disabled when the balance cannot load, and retries', async () => {
    balanceFails = true;
    renderPage();
    const user = await pasteRows([['a', url(1)]]);
    expect(await screen.findByText('잔액을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1개 슬롯 신청 (50,000원)' })).toBeDisabled();
    balanceFails = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('1,000,000원')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1개 슬롯 신청 (50,000원)' })).toBeEnabled();
  });
});
