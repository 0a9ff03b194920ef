import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotDto, SlotLogDto } from '#shared/schemas/slots';
import { SlotLogModal } from './slot-log-modal';

/** A slot's log: who changed what, when, why and from where. */
const slot = { id: 's9', slot_number: 12 } as unknown as SlotDto;
const line = (over: Partial<SlotLogDto>): SlotLogDto => ({
  id: 'l1',
  slot_id: 's9',
  change_type: 'field_update',
  field_key: null,
  old_value: null,
  new_value: null,
  description: '',
  user_id: 'u1',
  full_name: '김운영',
  created_at: '2026-11-20T01:30:00.000Z',
  ...over,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const asked: string[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  asked.length = 0;
});

function open(answer: () => Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    asked.push(new URL(String(input), 'http://localhost').pathname);
    return answer();
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <SlotLogModal slot={slot} onClose={vi.fn()} />
    </SWRConfig>,
  );
}

describe('SlotLogModal (변경 이력)', () => {
  it('lists each change with its type, old → new value, time, person, IP and browser', async () => {
    open(() =>
      json({
        success: true,
        data: [
          line({
            id: 'l2',
            change_type: 'refund',
            description: '환불: 고객 요청 (33,330원)',
            ip_address: '203.0.113.7',
            user_agent: 'Mozilla/5.0 Chrome',
          }),
          line({
            id: 'l1',
            change_type: 'field_update',
            field_key: 'keywords',
            old_value: '무선 마우스',
            new_value: '블루투스 마우스',
            description: '필드 수정',
            full_name: '이광고',
          }),
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '슬롯 #12 변경 이력' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(asked).toContain('/api/slots/s9/logs');
    expect(items[0]).toHaveTextContent('환불 · 환불: 고객 요청 (33,330원)');
    expect(items[0]).toHaveTextContent('김운영 · IP 203.0.113.7');
    expect(items[0]).toHaveTextContent('Mozilla/5.0 Chrome');
    expect(items[1]).toHaveTextContent('필드 수정 · 필드 수정');
    expect(items[1]).toHaveTextContent('keywords: 무선 마우스 → 블루투스 마우스');
    expect(items[1]).toHaveTextContent('이광고');
  });

  it('says 변경 이력이 없습니다. for a slot without changes', async () => {
    open(() => json({ success: true, data: [] }));
    expect(await screen.findByText('변경 이력이 없습니다.')).toBeInTheDocument();
  });

  it('says 변경 이력을 불러오는데 실패했습니다. when the log cannot be read', async () => {
    open(() => json({ success: false, code: 'NOT_FOUND', error: '슬롯을 찾을 수 없습니다.' }, 404));
    expect(await screen.findByText('변경 이력을 불러오는데 실패했습니다.')).toBeInTheDocument();
  });
});
