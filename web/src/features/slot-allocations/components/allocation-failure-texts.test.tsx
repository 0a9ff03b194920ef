import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { AllocateSlotsDialog } from './allocate-slots-dialog';
import { AllocationHistoryTable } from './allocation-history-table';
import { AllocationSlotsModal } from './allocation-slots-modal';
import { ExtendAllModal } from './extend-all-modal';

/**
 * Issuance failures: a refusal without a server text reads '…에 실패했습니다.', no answer (network, a
 * server fault) '… 중 오류가 발생했습니다.'.
 */
const row: AllocationHistoryRow = {
  id: 'A1',
  created_at: '2026-03-02T01:00:00.000Z',
  userId: 'u1',
  user_name: '김광고',
  user_email: 'adv1',
  current_user_name: '김광고',
  current_user_email: 'adv1',
  operatorId: 'op',
  operator_name: '운영자',
  slot_count: 3,
  reason: null,
  memo: null,
  amount: 0,
  workCount: 0,
  startDate: '2026-03-02',
  endDate: '2026-03-08',
  is_test: false,
  payment: false,
  payment_at: null,
};
type Failure = 'refused' | 'no-answer';
let failure: Failure = 'refused';

beforeEach(() => {
  resetSessionForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (failure === 'no-answer') throw new TypeError('Failed to fetch');
      // A refusal whose body is not the API's envelope: no server text to show.
      return new Response('<html>conflict</html>', { status: 409 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrap(ui: ReactNode) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <AppSettingsContext.Provider value={{ settings: defaultSettings(), status: 'ready' }}>
        <ToastProvider>{ui}</ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
  return userEvent.setup();
}

const cases: Array<[Failure, string, string, string, string]> = [
  [
    'refused',
    '선슬롯 발행에 실패했습니다.',
    '슬롯 연장에 실패했습니다.',
    '결제 처리에 실패했습니다.',
    '슬롯 정보를 불러오는데 실패했습니다.',
  ],
  [
    'no-answer',
    '선슬롯 발행 중 오류가 발생했습니다.',
    '슬롯 연장 중 오류가 발생했습니다.',
    '결제 처리 중 오류가 발생했습니다.',
    '슬롯 정보를 불러오는 중 오류가 발생했습니다.',
  ],
];

describe.each(cases)('issuance failures: %s', (kind, issue, extendAll, payment, slotInfo) => {
  beforeEach(() => {
    failure = kind;
  });

  it(`issuing reads '${issue}'`, async () => {
    const user = wrap(
      <AllocateSlotsDialog open variant="modal" user={{ id: 'u1', fullName: '김광고' }} onClose={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: '발행' }));
    const confirm = await screen.findByText('김광고님에게 슬롯 10개를 발행하시겠습니까?');
    await user.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '발행' }));
    expect(await screen.findByText(issue)).toBeInTheDocument();
  });

  it(`extending all reads '${extendAll}'`, async () => {
    const user = wrap(<ExtendAllModal allocation={row} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: '연장' }));
    expect(await screen.findByText(extendAll)).toBeInTheDocument();
  });

  it(`marking the payment reads '${payment}'`, async () => {
    const user = wrap(
      <AllocationHistoryTable
        rows={[row]}
        sort={{ sortBy: 'created_at', sortOrder: 'desc' }}
        onSort={vi.fn()}
        onView={vi.fn()}
        onExtend={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: '결제 완료' }));
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText(payment)).toBeInTheDocument();
  });

  it(`the issued slots read '${slotInfo}' and list none`, async () => {
    wrap(<AllocationSlotsModal allocation={row} onClose={vi.fn()} />);
    expect(await screen.findByText(slotInfo)).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
