import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { RankHistoryModal } from './rank-history-modal';

/** '순위 히스토리 조회에 실패했습니다.' when the server refuses, the 조회 중 오류 variant without an answer. */
const slot = { id: 's1', slot_number: 3, customFields: { keywords: '무선 마우스' }, rank: 7 } as unknown as SlotDto;
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

function open(answer: () => Promise<Response>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <RankHistoryModal slot={slot} onClose={vi.fn()} />
      </ToastProvider>
    </SWRConfig>,
  );
}

describe('rank history load failures', () => {
  it('a refused request reads 순위 히스토리 조회에 실패했습니다.', async () => {
    open(async () => json({ success: false, code: 'NOT_FOUND', error: '슬롯을 찾을 수 없습니다.' }, 404));
    expect(await screen.findByText('순위 히스토리 조회에 실패했습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '일별 순위' })).toBeNull();
  });

  it('no answer reads 순위 히스토리 조회 중 오류가 발생했습니다.', async () => {
    open(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByText('순위 히스토리 조회 중 오류가 발생했습니다.')).toBeInTheDocument();
  });
});
