import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs, type FieldConfig } from '#shared/field-configs';
import { defaultSettings } from '#shared/settings';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { useActionKey } from '@/hooks/use-action-key';
import { AppSettingsContext } from '@/lib/app-settings';
import { BulkEditModal } from './bulk-edit-modal';
import { EditSlotModal } from './edit-slot-modal';
import { RegisterSlotModal } from './register-slot-modal';

const url = (n: number) => `https://www.coupang.com/vp/products/${n}?itemId=${n}&vendorItemId=${n}`;
const active = {
  id: 'a1',
  slot_number: 4,
  status: 'active',
  customFields: { keywords: '옛 키워드', landingUrl: url(1) },
  keyword: '옛 키워드',
  url: url(1),
  mid: '',
} as unknown as SlotDto;

/** What the server answers for the rank a keyword change would wipe: its count of history days. */
let historyDays: number | 'fails' = 12;
const rankReset = (days: number) => ({
  slotId: 'a1',
  keyword: '옛 키워드',
  url: url(1),
  hasRankData: true,
  rank: 4,
  yesterday_rank: 5,
  first_rank: 9,
  historyDays: days,
  message: `키워드 또는 URL을 변경하면 기존 순위 정보(현재 순위, 어제 순위, 최초 순위, 순위 히스토리 ${days}일)가 초기화됩니다.`,
});

/** How a write is answered: ok, refused (4xx, with or without the server's text) or no answer at all. */
type Answer = 'ok' | { status: number; error?: string } | 'network';
let answer: Answer = 'ok';
let balanceFails = false;
let calls: string[] = [];
let bodies: unknown[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  answer = 'ok';
  historyDays = 12;
  balanceFails = false;
  calls = [];
  bodies = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(`${method} ${path}`);
    if (method !== 'GET' && typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    if (path === '/api/cash/balance')
      return balanceFails
        ? json({ success: false, error: '서버 오류' }, 500)
        : json({ success: true, data: { amount: 100_000 } });
    if (path === '/api/slots/a1/rank-delete-query')
      return historyDays === 'fails'
        ? json({ success: false, code: 'INTERNAL', error: '서버 오류' }, 500)
        : json({ success: true, data: rankReset(historyDays) });
    if (method === 'GET')
      return json({ success: true, data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } } });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer !== 'ok')
      return answer.error
        ? json({ success: false, code: 'VALIDATION', error: answer.error }, answer.status)
        : new Response('<html>', { status: answer.status });
    return json({ success: true, data: { ...active, message: '' } });
  });
});
afterEach(() => vi.restoreAllMocks());

function wrap(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: defaultSettings(), status: 'ready' }}>
        <ToastProvider>{ui}</ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

describe('EditSlotModal', () => {
  async function changeKeyword() {
    const user = userEvent.setup();
    wrap(<EditSlotModal slot={active} configs={defaultFieldConfigs} onClose={vi.fn()} />);
    const keyword = screen.getByLabelText(/^키워드/);
    await user.clear(keyword);
    await user.type(keyword, '새 키워드');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const confirm = within(screen.getByRole('dialog', { name: '순위 정보 초기화' })).getByRole('button', {
      name: '변경하고 저장',
    });
    // The change is confirmed once the server has said what it wipes (or could not say it).
    await waitFor(() => expect(confirm).toBeEnabled());
    if (historyDays === 'fails')
      expect(screen.getByText(/삭제될 순위 히스토리 일수를 확인하지 못했습니다/)).toBeInTheDocument();
    await user.click(confirm);
  }

  it('says how many rank-history days the change deletes, in the server’s count, before saving', async () => {
    const user = userEvent.setup();
    historyDays = 37;
    wrap(<EditSlotModal slot={active} configs={defaultFieldConfigs} onClose={vi.fn()} />);
    await user.clear(screen.getByLabelText(/^키워드/));
    await user.type(screen.getByLabelText(/^키워드/), '새 키워드');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const dialog = screen.getByRole('dialog', { name: '순위 정보 초기화' });
    expect(await within(dialog).findByText(/순위 히스토리 37일\)가 초기화됩니다\./)).toBeInTheDocument();
    expect(calls).toContain('GET /api/slots/a1/rank-delete-query');
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('says when the day count cannot be read, and still lets the change be saved', async () => {
    historyDays = 'fails';
    await changeKeyword();
    await waitFor(() => expect(calls).toContain('PUT /api/slots/a1/update-fields'));
    expect(calls.filter((c) => c === 'GET /api/slots/a1/rank-delete-query').length).toBeGreaterThan(0);
  });

  it('saves a keyword change with update-fields alone (the server resets the rank data)', async () => {
    await changeKeyword();
    await waitFor(() => expect(calls).toContain('PUT /api/slots/a1/update-fields'));
    // The count is only read: nothing is deleted before the update, which resets the rank itself.
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual(['PUT /api/slots/a1/update-fields']);
  });

  it.each([
    [{ status: 400, error: '쿠팡 URL만 허용됩니다.' }, '수정 실패: 쿠팡 URL만 허용됩니다.'],
    [{ status: 404 }, '수정 실패: 알 수 없는 오류'],
  ] as const)('a refusal (%o) reads %j', async (given, text) => {
    answer = given;
    await changeKeyword();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("no answer reads '수정 중 오류가 발생했습니다.'", async () => {
    answer = 'network';
    await changeKeyword();
    expect(await screen.findByText('수정 중 오류가 발생했습니다.')).toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual(['PUT /api/slots/a1/update-fields']);
  });
});

describe('BulkEditModal', () => {
  async function apply() {
    const user = userEvent.setup();
    wrap(<BulkEditModal slots={[active]} onClose={vi.fn()} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('키워드'), '새 키워드');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(screen.getByRole('button', { name: '1개 슬롯 변경' }));
  }

  it.each([
    [
      'the server text of a refusal',
      { status: 400, error: '선택할 수 없는 슬롯이 포함되어 있습니다.' },
      '선택할 수 없는 슬롯이 포함되어 있습니다.',
    ],
    ["'일괄 수정에 실패했습니다.' for a refusal without text", { status: 404 }, '일괄 수정에 실패했습니다.'],
    ["'일괄 수정 중 오류가 발생했습니다.' without an answer", 'network', '일괄 수정 중 오류가 발생했습니다.'],
    ["'일괄 수정 중 오류가 발생했습니다.' for a server crash", { status: 500 }, '일괄 수정 중 오류가 발생했습니다.'],
  ] as const)('shows %s', async (_name, given, text) => {
    answer = given;
    await apply();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

/** The dialog with the page's keys, as SlotDialogs gives them. */
function Register() {
  return <RegisterSlotModal open onClose={vi.fn()} configs={defaultFieldConfigs} keys={useActionKey()} />;
}

describe('RegisterSlotModal', () => {
  it('says why the register button is disabled when the balance cannot load', async () => {
    balanceFails = true;
    wrap(<Register />);
    expect(await screen.findByText('잔액을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^등록/ })).toBeDisabled();
    balanceFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('100,000원')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^등록/ })).toBeEnabled();
  });
});

describe('select and boolean fields', () => {
  const mid = defaultFieldConfigs.find((c) => c.field_key === 'mid')!;
  const color: FieldConfig = {
    ...mid,
    field_key: 'color',
    label: '색상',
    field_type: 'select',
    options: ['빨강', '파랑'],
    placeholder: '',
    is_required: true,
    display_order: 6,
  };
  const gift: FieldConfig = { ...mid, field_key: 'gift', label: '사은품', field_type: 'boolean', display_order: 7 };
  const configs = [...defaultFieldConfigs, color, gift];

  it('registers with an option picked from a select and a ticked checkbox', async () => {
    const user = userEvent.setup();
    function RegisterTyped() {
      return <RegisterSlotModal open onClose={vi.fn()} configs={configs} keys={useActionKey()} />;
    }
    wrap(<RegisterTyped />);
    const select = screen.getByRole('combobox', { name: /색상/ });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['선택하세요', '빨강', '파랑']);
    await user.type(screen.getByLabelText(/^키워드/), '마우스');
    await user.type(screen.getByLabelText(/^URL/), url(7));
    await screen.findByText('100,000원');
    await user.click(screen.getByRole('button', { name: /^등록/ }));
    // Required select left on '선택하세요': the form says so before any request.
    expect(await screen.findByText('색상은(는) 필수 입력 항목입니다.')).toBeInTheDocument();
    await user.selectOptions(select, '파랑');
    await user.click(screen.getByRole('checkbox', { name: /사은품/ }));
    await user.click(screen.getByRole('button', { name: /^등록/ }));
    await waitFor(() => expect(calls).toContain('POST /api/slots'));
    expect(bodies[0]).toMatchObject({ customFields: { color: '파랑', gift: 'true' } });
  });

  it('shows a stored value that is no longer an option as it is, and asks for a new pick before saving', async () => {
    const user = userEvent.setup();
    const stale = { ...active, customFields: { ...active.customFields, color: '초록', gift: 'false' } } as SlotDto;
    wrap(<EditSlotModal slot={stale} configs={configs} onClose={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: /색상/ }) as HTMLSelectElement;
    expect(select.selectedOptions[0].text).toBe('초록 (목록에 없는 값)');
    expect(screen.getByRole('checkbox', { name: /사은품/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('색상은(는) 다음 중 하나를 선택해주세요: 빨강, 파랑')).toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    await user.selectOptions(select, '빨강');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls).toContain('PUT /api/slots/a1/update-fields'));
    expect(bodies[0]).toMatchObject({ customFields: { color: '빨강', gift: 'false' } });
  });
});
