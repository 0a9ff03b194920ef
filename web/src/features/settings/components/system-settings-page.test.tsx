import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs, type FieldConfig } from '#shared/field-configs';
import { defaultSettings, groupByCategory, type Settings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext, SETTINGS_CHANGED_EVENT } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { SystemSettingsPage, type ExtraSettingsTab } from './system-settings-page';

/** /admin/settings: the tabs' forms, what they send, and the texts the developer sees. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let putAnswer: () => Response;
let fields: FieldConfig[];
const history = [
  {
    id: 'h1',
    key: 'globalTheme',
    category: 'theme',
    oldValue: 'simple',
    newValue: 'luxury',
    changedBy: { id: 'd1', name: '김개발' },
    changedAt: '2026-11-23T01:00:00.000Z',
    revertOf: null,
  },
];

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === `/api${path}`,
  );
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

beforeEach(() => {
  resetSessionForTests();
  fields = structuredClone(defaultFieldConfigs);
  putAnswer = () => json(200, { success: true, data: groupByCategory(defaultSettings()) });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/system-settings' && method === 'PUT') return putAnswer();
    if (pathname === '/api/field-configs') return json(200, { success: true, data: fields });
    if (pathname === '/api/admin/field-configs' && method === 'PUT')
      return json(200, { success: true, data: bodyOf([url, init]).fields });
    if (pathname === '/api/system-settings/history')
      return json(200, {
        success: true,
        data: { items: history, pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } },
      });
    if (pathname === '/api/system-settings/history/h1/revert')
      return json(200, { success: true, data: { key: 'globalTheme', value: 'simple', category: 'theme' } });
    return json(404, { success: false, code: 'NOT_FOUND', error: '요청한 주소를 찾을 수 없습니다.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage({
  tab,
  settings = defaultSettings(),
  extraTabs,
}: { tab?: string; settings?: Settings; extraTabs?: ExtraSettingsTab[] } = {}) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings, status: 'ready' }}>
        <ToastProvider>
          <MemoryRouter initialEntries={[`/admin/settings${tab ? `?tab=${tab}` : ''}`]}>
            <SystemSettingsPage extraTabs={extraTabs} />
          </MemoryRouter>
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
  return userEvent.setup();
}

describe('SystemSettingsPage', () => {
  it('has the tabs theme, field, business, feature and the added ones, moved between with the arrow keys', async () => {
    const user = renderPage({ extraTabs: [{ id: 'worker-keys', label: '워커 키', element: <p>워커 키 패널</p> }] });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['테마', '필드', '비즈니스', '기능', '워커 키']);
    expect(screen.getByRole('tab', { name: '테마' })).toHaveAttribute('aria-selected', 'true');
    screen.getByRole('tab', { name: '테마' }).focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '워커 키' })).toHaveFocus();
    expect(screen.getByText('워커 키 패널')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '테마' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the default allocation only in pre-allocation mode and saves the changed business settings in one request', async () => {
    const changed = vi.fn();
    window.addEventListener(SETTINGS_CHANGED_EVENT, changed);
    const user = renderPage({ tab: 'business' });
    expect(screen.queryByLabelText('기본 발행 슬롯 수')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('슬롯 운영 방식'), 'pre-allocation');
    const allocation = screen.getByLabelText('기본 발행 슬롯 수');
    await user.clear(allocation);
    await user.type(allocation, '20');
    await user.click(screen.getByRole('switch', { name: /점검 모드/ }));
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));

    expect(await screen.findByText('비즈니스 설정이 저장되었습니다.')).toBeInTheDocument();
    const puts = calls('PUT', '/system-settings');
    expect(puts).toHaveLength(1);
    expect(bodyOf(puts[0]).settings).toEqual([
      { key: 'maintenanceMode', value: true, category: 'business' },
      { key: 'slotOperationMode', value: 'pre-allocation', category: 'business' },
      { key: 'defaultSlotAllocation', value: 20, category: 'business' },
    ]);
    // The shell re-reads the settings at once.
    expect(changed).toHaveBeenCalled();
    window.removeEventListener(SETTINGS_CHANGED_EVENT, changed);
  });

  it('refuses a value the shared schema refuses, naming the setting, and sends nothing', async () => {
    const user = renderPage({
      tab: 'business',
      settings: { ...defaultSettings(), slotOperationMode: 'pre-allocation' },
    });
    const allocation = screen.getByLabelText('기본 발행 슬롯 수');
    await user.clear(allocation);
    await user.type(allocation, '101');
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "'기본 발행 슬롯 수' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다.",
    );
    expect(calls('PUT', '/system-settings')).toHaveLength(0);
  });

  it('rankDelayHours: starts at 36, refuses 0 hours in Korean and sends nothing, saves 12 hours', async () => {
    const user = renderPage({ tab: 'business' });
    const hours = screen.getByLabelText('순위 측정 지연 기준 (시간)');
    expect(hours).toHaveValue(36);
    expect(screen.getByText(/"측정 지연"으로 표시됩니다/)).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "'순위 측정 지연 기준 (시간)' 값이 올바르지 않습니다: 1~720 사이의 정수여야 합니다.",
    );
    expect(calls('PUT', '/system-settings')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));
    expect(await screen.findByText('비즈니스 설정이 저장되었습니다.')).toBeInTheDocument();
    expect(bodyOf(calls('PUT', '/system-settings')[0]).settings).toEqual([
      { key: 'rankDelayHours', value: 12, category: 'business' },
    ]);
  });

  it('checks settings against each other before sending (minimum charge above the maximum)', async () => {
    const user = renderPage({ tab: 'business' });
    const min = screen.getByLabelText('최소 충전 금액 (원)');
    await user.clear(min);
    await user.type(min, '5000000');
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "'최소 충전 금액 (원)' 값이 올바르지 않습니다: 최소 충전 금액은 최대 충전 금액보다 클 수 없습니다.",
    );
    expect(calls('PUT', '/system-settings')).toHaveLength(0);
  });

  it('shows the failure text with the server reason next to the setting it names', async () => {
    putAnswer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION',
        error: "'defaultSlotPrice' 값이 올바르지 않습니다: 다른 관리자가 바꿨습니다.",
        details: [
          { key: 'defaultSlotPrice', message: "'defaultSlotPrice' 값이 올바르지 않습니다: 다른 관리자가 바꿨습니다." },
        ],
      });
    const user = renderPage({ tab: 'business' });
    const price = screen.getByLabelText('기본 슬롯 가격 (원)');
    await user.clear(price);
    await user.type(price, '60000');
    await user.click(screen.getByRole('button', { name: '비즈니스 설정 저장' }));
    expect(
      await screen.findByText(
        "비즈니스 설정 저장에 실패했습니다. 'defaultSlotPrice' 값이 올바르지 않습니다: 다른 관리자가 바꿨습니다.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("'기본 슬롯 가격 (원)' 값이 올바르지 않습니다: 다른 관리자가 바꿨습니다.")).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('saves the site info on its own, apart from the theme', async () => {
    const user = renderPage();
    const name = screen.getByLabelText('사이트 이름');
    await user.clear(name);
    await user.type(name, '슬롯마켓');
    await user.selectOptions(screen.getByRole('combobox', { name: '테마' }), 'luxury');
    await user.click(screen.getByRole('button', { name: '사이트 정보 저장' }));
    expect(await screen.findByText('사이트 정보가 저장되었습니다.')).toBeInTheDocument();
    expect(bodyOf(calls('PUT', '/system-settings')[0]).settings).toEqual([
      { key: 'siteName', value: '슬롯마켓', category: 'theme' },
    ]);

    await user.click(screen.getByRole('button', { name: '테마 설정 저장' }));
    expect(await screen.findByText('테마 설정이 저장되었습니다.')).toBeInTheDocument();
    expect(bodyOf(calls('PUT', '/system-settings')[1]).settings).toEqual([
      { key: 'globalTheme', value: 'luxury', category: 'theme' },
    ]);
  });

  it('opens the login preview of the chosen theme in a frame', async () => {
    const user = renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: '테마' }), 'modern');
    await user.click(screen.getByRole('button', { name: '로그인 화면 미리보기' }));
    const dialog = await screen.findByRole('dialog', { name: '로그인 화면 미리보기' });
    expect(within(dialog).getByTitle('모던 테마 로그인 화면')).toHaveAttribute('src', '/login-preview?theme=modern');
    await user.click(within(dialog).getByRole('button', { name: '럭셔리' }));
    expect(within(dialog).getByTitle('럭셔리 테마 로그인 화면')).toHaveAttribute('src', '/login-preview?theme=luxury');
  });

  it('lists changes with who, when and old → new, and reverts one after a confirmation', async () => {
    const user = renderPage();
    const row = await screen.findByTestId('settings-history-row');
    expect(row).toHaveTextContent('테마');
    expect(row).toHaveTextContent('심플 → 럭셔리');
    expect(row).toHaveTextContent('김개발');
    await user.click(within(row).getByRole('button', { name: '테마 변경 되돌리기' }));
    const confirm = await screen.findByRole('dialog', { name: '변경 되돌리기' });
    expect(confirm).toHaveTextContent("'테마' 설정을 심플(으)로 되돌립니다.");
    await user.click(within(confirm).getByRole('button', { name: '되돌리기' }));
    expect(await screen.findByText("'테마' 변경을 되돌렸습니다.")).toBeInTheDocument();
    expect(calls('POST', '/system-settings/history/h1/revert')).toHaveLength(1);
  });
});

describe('field tab', () => {
  it('adds a field, moves it up, and saves the whole list in display order; system fields stay locked', async () => {
    const user = renderPage({ tab: 'field' });
    await screen.findAllByTestId('field-config-row');
    const locked = screen.getAllByTestId('field-config-row').filter((r) => within(r).queryByText('시스템'));
    expect(locked).toHaveLength(3);
    for (const row of locked) expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '필드 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '필드 추가' });
    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findAllByText('필드 키와 라벨은 필수입니다.')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('필드 키'), 'keywords');
    await user.type(within(dialog).getByLabelText('라벨'), '브랜드');
    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText('이미 있는 필드 키입니다.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('필드 키'));
    await user.type(within(dialog).getByLabelText('필드 키'), 'brand');
    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '브랜드 위로 이동' }));
    await user.click(screen.getByRole('button', { name: '필드 설정 저장' }));
    expect(await screen.findByText('필드 설정이 저장되었습니다.')).toBeInTheDocument();

    const sent = bodyOf(calls('PUT', '/admin/field-configs')[0]).fields as FieldConfig[];
    expect(sent.map((f) => f.field_key)).toEqual([
      'keywords',
      'landingUrl',
      'mid',
      'adText',
      'brand',
      'description',
      'url_product_id',
      'url_item_id',
      'url_vendor_item_id',
    ]);
    expect(sent.map((f) => f.display_order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sent[4]).toMatchObject({
      label: '브랜드',
      is_enabled: true,
      show_in_list: true,
      is_system_generated: false,
    });
  });

  it('removes a field only after a confirmation', async () => {
    const user = renderPage({ tab: 'field' });
    await user.click(await screen.findByRole('button', { name: 'MID 삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '필드 삭제' });
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));
    expect(screen.queryByText('MID')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '필드 설정 저장' }));
    await screen.findByText('필드 설정이 저장되었습니다.');
    expect(
      (bodyOf(calls('PUT', '/admin/field-configs')[0]).fields as FieldConfig[]).map((f) => f.field_key),
    ).not.toContain('mid');
  });
});
