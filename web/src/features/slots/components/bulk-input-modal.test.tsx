import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { BulkInputModal } from './bulk-input-modal';

const url = (n: number) => `https://www.coupang.com/vp/products/${n}?itemId=${n}&vendorItemId=${n}`;
const slot = (id: string, n: number, status: SlotDto['status'], customFields: Record<string, string> = {}) =>
  ({ id, slot_number: n, status, customFields, keyword: customFields.keywords ?? '', url: customFields.landingUrl ?? '', mid: '' }) as SlotDto;

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    return new Response(JSON.stringify({ success: true, data: {} }), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderModal(slots: SlotDto[], onDone = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ToastProvider>
        <BulkInputModal slots={slots} configs={defaultFieldConfigs} onClose={vi.fn()} onDone={onDone} />
      </ToastProvider>
    </SWRConfig>,
  );
  return onDone;
}

describe('BulkInputModal (multi-slot entry)', () => {
  it('says there is nothing to save when no row changed', async () => {
    const user = userEvent.setup();
    renderModal([slot('e1', 1, 'empty')]);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByText('입력된 데이터가 없습니다.')).toBeInTheDocument();
  });

  it('counts the missing keywords and URLs', async () => {
    const user = userEvent.setup();
    renderModal([slot('e1', 1, 'empty'), slot('e2', 2, 'empty')]);
    await user.click(screen.getByRole('textbox', { name: '1행 키워드' }));
    await user.keyboard('키워드만{Enter}');
    await user.keyboard('{Tab}');
    await user.keyboard(`${url(2)}{Enter}`);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByText('필수 입력 항목을 확인해주세요. (키워드 누락 1개, URL 누락 1개)')).toBeInTheDocument();
  });

  it('fills an empty slot and updates an active one (rank reset first) after the confirm', async () => {
    const user = userEvent.setup();
    const onDone = renderModal([slot('e1', 1, 'empty'), slot('a1', 2, 'active', { keywords: '옛 키워드', landingUrl: url(9) })]);
    await user.click(screen.getByRole('textbox', { name: '1행 키워드' }));
    await user.keyboard(`새 키워드{Tab}${url(1)}{Enter}`);
    await user.click(screen.getByRole('grid').querySelector('[aria-label="2행 키워드"]') as HTMLElement);
    await user.keyboard('바뀐 키워드{Enter}');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByText('2개 슬롯을 저장하시겠습니까?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: '저장' }).at(-1)!);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.slice(0, 4)).toEqual([
      'PUT /api/slots/e1/fill',
      'GET /api/slots/a1/rank-delete-query',
      'DELETE /api/slots/a1/rank-data',
      'PUT /api/slots/a1/update-fields',
    ]);
  });
});
