import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { BulkInputModal } from './bulk-input-modal';

const url = (n: number) => `https://www.coupang.com/vp/products/${n}?itemId=${n}&vendorItemId=${n}`;
const slot = (id: string, n: number, status: SlotDto['status'], customFields: Record<string, string> = {}) =>
  ({
    id,
    slot_number: n,
    status,
    customFields,
    keyword: customFields.keywords ?? '',
    url: customFields.landingUrl ?? '',
    mid: '',
  }) as SlotDto;

let calls: string[] = [];
/** A refused call, by "METHOD path" (answered 400 with the given text). */
let refuse: Record<string, string> = {};
beforeEach(() => {
  calls = [];
  refuse = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    calls.push(call);
    if (refuse[call])
      return new Response(JSON.stringify({ success: false, code: 'VALIDATION', error: refuse[call] }), { status: 400 });
    return new Response(JSON.stringify({ success: true, data: {} }), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderModal(slots: SlotDto[], onDone = vi.fn(), onClose = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ToastProvider>
        <BulkInputModal slots={slots} configs={defaultFieldConfigs} onClose={onClose} onDone={onDone} />
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

  it('Escape while editing a cell cancels the edit and keeps the modal open; the next Escape closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderModal([slot('a1', 1, 'active', { keywords: '원래 키워드', landingUrl: url(1) })], vi.fn(), onClose);
    await user.click(screen.getByRole('grid').querySelector('[aria-label="1행 키워드"]') as HTMLElement);
    await user.keyboard('{Enter} 추가');
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveValue('원래 키워드 추가');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: '1행 키워드' })).toHaveValue('원래 키워드');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '다중 슬롯 입력' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('fills an empty slot and updates an active one after the confirm, which warns of the rank reset', async () => {
    const user = userEvent.setup();
    const onDone = renderModal([
      slot('e1', 1, 'empty'),
      slot('a1', 2, 'active', { keywords: '옛 키워드', landingUrl: url(9) }),
    ]);
    await user.click(screen.getByRole('textbox', { name: '1행 키워드' }));
    await user.keyboard(`새 키워드{Tab}${url(1)}{Enter}`);
    await user.click(screen.getByRole('grid').querySelector('[aria-label="2행 키워드"]') as HTMLElement);
    await user.keyboard('바뀐 키워드{Enter}');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const confirm = screen.getByRole('dialog', { name: '슬롯 정보 저장' });
    expect(confirm).toHaveTextContent('2개 슬롯을 저장하시겠습니까?');
    expect(confirm).toHaveTextContent(
      '키워드 또는 URL이 바뀐 1개 슬롯은 기존 순위 정보와 순위 히스토리가 초기화됩니다.',
    );
    await user.click(within(confirm).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // The server resets the rank data inside update-fields: no separate delete from the client.
    expect(calls.slice(0, 2)).toEqual(['PUT /api/slots/e1/fill', 'PUT /api/slots/a1/update-fields']);
    expect(calls.some((c) => c.includes('rank'))).toBe(false);
  });

  it('a refused update deletes nothing and names the slot in the failure summary', async () => {
    const user = userEvent.setup();
    refuse['PUT /api/slots/a1/update-fields'] = '쿠팡 URL만 허용됩니다.';
    const onDone = renderModal([slot('a1', 3, 'active', { keywords: '옛 키워드', landingUrl: url(9) })]);
    await user.click(screen.getByRole('grid').querySelector('[aria-label="1행 키워드"]') as HTMLElement);
    await user.keyboard('바뀐 키워드{Enter}');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '슬롯 정보 저장' })).getByRole('button', { name: '저장' }),
    );
    expect(await screen.findByText('성공 0개, 실패 1개')).toBeInTheDocument();
    expect(screen.getByText('슬롯 #3: 쿠팡 URL만 허용됩니다.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('PUT') || c.startsWith('DELETE'))).toEqual([
      'PUT /api/slots/a1/update-fields',
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('the confirm has no rank warning when only empty slots are filled', async () => {
    const user = userEvent.setup();
    renderModal([slot('e1', 1, 'empty')]);
    await user.click(screen.getByRole('textbox', { name: '1행 키워드' }));
    await user.keyboard(`새 키워드{Tab}${url(1)}{Enter}`);
    await user.click(screen.getByRole('button', { name: '저장' }));
    const confirm = screen.getByRole('dialog', { name: '슬롯 정보 저장' });
    expect(confirm).toHaveTextContent('1개 슬롯을 저장하시겠습니까?');
    expect(confirm).not.toHaveTextContent('초기화');
  });
});
