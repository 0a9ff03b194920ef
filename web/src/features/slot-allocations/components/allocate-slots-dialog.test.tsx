import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addKstDays } from '#shared/kst';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { kstToday } from '@/lib/format';
import { defaultSettings } from '#shared/setting-defaults';
import { resetSessionForTests } from '@/lib/session-store';
import { AllocateSlotsDialog } from './allocate-slots-dialog';
import type { AllocationVariant } from '../utils/allocation-form';

/** The issuance dialog validates with the server's schema and the variant's ceiling and durations. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  resetSessionForTests();
  answer = () =>
    json(201, {
      success: true,
      data: { message: '선슬롯 발행이 완료되었습니다.', allocationId: 'A1', slotIds: ['s1'] },
    });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(variant: AllocationVariant, onIssued = vi.fn(), defaultSlotAllocation = 10) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider
        value={{ settings: { ...defaultSettings(), defaultSlotAllocation }, status: 'ready' }}
      >
        <ToastProvider>
          <AllocateSlotsDialog
            open
            variant={variant}
            user={{ id: 'u1', fullName: '김광고' }}
            onClose={() => {}}
            onIssued={onIssued}
          />
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
  return { user: userEvent.setup(), onIssued };
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const dialog = () => screen.getByRole('form', { name: '선슬롯 발행' });
async function setCount(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = within(dialog()).getByLabelText('슬롯 개수');
  await user.clear(input);
  if (value) await user.type(input, value);
}
const durations = () => within(screen.getByRole('group', { name: '기간' })).getAllByRole('button');

describe('AllocateSlotsDialog', () => {
  it('modal variant: at most 100, 1/7/10/30 days with 7 chosen', async () => {
    const { user } = renderDialog('modal');
    expect(durations().map((b) => b.textContent)).toEqual(['1일', '7일', '10일', '30일']);
    expect(screen.getByRole('button', { name: '7일' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(`종료일: ${addKstDays(kstToday(), 6)}`)).toBeInTheDocument();
    await setCount(user, '101');
    await user.click(screen.getByRole('button', { name: '발행' }));
    expect(await screen.findByText('슬롯 개수는 100개를 초과할 수 없습니다.')).toBeInTheDocument();
    await setCount(user, '0');
    await user.click(screen.getByRole('button', { name: '발행' }));
    expect(await screen.findByText('슬롯 개수는 1개 이상이어야 합니다.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('user variant: up to 1000, 1/3/7/10/30 days with 10 chosen; confirms, then sends the period', async () => {
    const { user, onIssued } = renderDialog('user');
    expect(durations().map((b) => b.textContent)).toEqual(['1일', '3일', '7일', '10일', '30일']);
    expect(screen.getByRole('button', { name: '10일' })).toHaveAttribute('aria-pressed', 'true');
    await setCount(user, '1001');
    await user.click(screen.getByRole('button', { name: '발행' }));
    expect(await screen.findByText('슬롯 개수는 1000개를 초과할 수 없습니다.')).toBeInTheDocument();

    await setCount(user, '500');
    await user.click(screen.getByRole('button', { name: '3일' }));
    await user.type(within(dialog()).getByLabelText('금액 (원)'), '-5');
    await user.click(screen.getByRole('button', { name: '발행' }));
    expect(await screen.findByText('금액은 0 이상이어야 합니다.')).toBeInTheDocument();
    await user.clear(within(dialog()).getByLabelText('금액 (원)'));
    await user.type(within(dialog()).getByLabelText('금액 (원)'), '90000');
    await user.click(screen.getByRole('button', { name: '발행' }));
    const confirm = await screen.findByText('김광고님에게 슬롯 500개를 발행하시겠습니까?');
    expect(posts()).toHaveLength(0);
    await user.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '발행' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalled());
    const [url, init] = posts()[0];
    expect(String(url)).toContain('/api/slots/allocate/u1');
    expect(JSON.parse(String(init.body))).toMatchObject({
      slotCount: 500,
      startDate: kstToday(),
      endDate: addKstDays(kstToday(), 2),
      amount: 90000,
      isTest: false,
    });
    expect(await screen.findByText('선슬롯 발행이 완료되었습니다.')).toBeInTheDocument();
  });

  it('a test slot runs 3 days and is free; a refusal shows the server text', async () => {
    answer = () =>
      json(409, { success: false, code: 'CONFLICT', error: '선슬롯 발행은 선슬롯 운영 모드에서만 가능합니다.' });
    const { user, onIssued } = renderDialog('modal');
    await user.type(within(dialog()).getByLabelText('금액 (원)'), '5000');
    await user.click(screen.getByLabelText('테스트 슬롯 (3일, 무료)'));
    expect(screen.getByText(`종료일: ${addKstDays(kstToday(), 2)}`)).toBeInTheDocument();
    expect(durations().every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await user.click(screen.getByRole('button', { name: '발행' }));
    const confirm = await screen.findByText('김광고님에게 슬롯 10개를 발행하시겠습니까?');
    await user.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '발행' }));
    expect(await screen.findByText('선슬롯 발행은 선슬롯 운영 모드에서만 가능합니다.')).toBeInTheDocument();
    expect(JSON.parse(String(posts()[0][1].body))).toMatchObject({
      isTest: true,
      amount: 0,
      endDate: addKstDays(kstToday(), 2),
    });
    expect(onIssued).not.toHaveBeenCalled();
  });

  it.each(['user', 'modal'] as const)(
    '%s variant starts at the operator’s defaultSlotAllocation and issues that many',
    async (variant) => {
      const { user } = renderDialog(variant, vi.fn(), 25);
      expect(within(dialog()).getByLabelText('슬롯 개수')).toHaveValue('25');
      await user.click(screen.getByRole('button', { name: '발행' }));
      const confirm = await screen.findByText('김광고님에게 슬롯 25개를 발행하시겠습니까?');
      await user.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '발행' }));
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(JSON.parse(String(posts()[0][1].body))).toMatchObject({ slotCount: 25 });
    },
  );
});
