import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addKstDays, kstToday } from '#shared/kst';
import type { RankHistoryEntry, SlotDto } from '#shared/schemas/slots';
import { defaultSettings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { fillDays, rankHistoryRows } from '../utils/rank-history';
import { RankAlertDialog } from './rank-alert-dialog';
import { RankAlertNote } from './rank-alert-note';
import { RankHistoryModal } from './rank-history-modal';

const today = kstToday();
const slot = (over: Partial<SlotDto> = {}) =>
  ({
    id: 's1',
    slot_number: 3,
    customFields: { keywords: '무선 마우스' },
    rank: 7,
    yesterday_rank: 12,
    rank_alert: null,
    rank_alert_last: null,
    rank_alert_events: [],
    ...over,
  }) as unknown as SlotDto;
const entry = (date: string, rank: number | null, extra: Partial<RankHistoryEntry> = {}): RankHistoryEntry => ({
  date,
  rank,
  min_rank: rank,
  avg_rank: rank,
  max_rank: rank,
  prev_rank: null,
  ...extra,
});

let history: RankHistoryEntry[] = [];
let writes: Array<{ method: string; path: string; body: unknown }> = [];
let queries: URLSearchParams[] = [];
let answerStatus = 200;
/** What My slots hands its table and cards, every callback a spy. */
const listViewProps = (slots: SlotDto[]) => ({
  slots,
  listFields: [],
  today,
  offset: 0,
  selected: new Map<string, SlotDto>(),
  onToggleSelect: vi.fn(),
  onToggleAll: vi.fn(),
  onTogglePause: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onRankHistory: vi.fn(),
  onRankAlert: vi.fn(),
  onExtensionHistory: vi.fn(),
  busyIds: new Set<string>(),
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  history = [];
  writes = [];
  queries = [];
  answerStatus = 200;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const u = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ method, path: u.pathname, body });
      if (answerStatus !== 200) return json({ success: false, error: '서버에서 거절했습니다.' }, answerStatus);
      const stored = body.moveBy === null && !body.whenOut ? null : body;
      return json({ success: true, data: slot({ rank_alert: stored }) });
    }
    if (u.pathname.endsWith('/rank-history')) {
      queries.push(u.searchParams);
      return json({
        success: true,
        data: {
          items: history,
          dateRange: { startDate: u.searchParams.get('startDate'), endDate: u.searchParams.get('endDate') },
        },
      });
    }
    return json({ success: true, data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } } });
  });
});
afterEach(() => vi.restoreAllMocks());

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  );

describe('rank history grid rows: how each rank reads', () => {
  it('reads 999 as 순위없음 with the not-found tooltip, above 500 as 순위없음, an unmeasured day as -', () => {
    const d = (n: number) => addKstDays('2030-01-10', n);
    const rows = rankHistoryRows(
      fillDays(
        [
          entry(d(0), 20, { min_rank: 18, avg_rank: 19.5, max_rank: 22 }),
          entry(d(1), 15, { prev_rank: 20 }),
          entry(d(2), 999),
          entry(d(4), 600),
          entry(d(5), 0),
          entry(d(6), 9),
        ],
        d(0),
        d(6),
      ),
    );
    // Newest first, every day of the range.
    expect(rows.map((r) => r.date)).toEqual([d(6), d(5), d(4), d(3), d(2), d(1), d(0)]);
    const by = Object.fromEntries(rows.map((r) => [r.date, r]));
    expect(by[d(0)]).toMatchObject({
      dateLabel: '01.10 (목)',
      rank: '20위',
      best: '18위',
      average: '19.5위',
      worst: '22위',
      previous: '-',
      change: { text: '-', direction: null },
    });
    expect(by[d(1)]).toMatchObject({ rank: '15위', previous: '20위', change: { text: '▲5', direction: 'up' } });
    expect(by[d(2)]).toMatchObject({
      rank: '순위없음',
      rankKind: 'notFound',
      rankTooltip: '해당 키워드로 상품을 찾을 수 없습니다',
      change: { text: '-' },
    });
    expect(by[d(3)]).toMatchObject({ rank: '-', rankKind: 'unmeasured', best: '-', average: '-', worst: '-' });
    expect(by[d(4)]).toMatchObject({ rank: '순위없음', rankKind: 'none' });
    expect(by[d(5)]).toMatchObject({ rank: '순위없음', rankKind: 'none' });
    // Up/down comparisons ignore 0, 999 and values above 500: the day after 0 has no arrow.
    expect(by[d(6)]).toMatchObject({ rank: '9위', change: { text: '-', direction: null } });
  });

  it('a fall is ▼ with the places lost', () => {
    const rows = rankHistoryRows(
      fillDays([entry('2030-01-01', 3), entry('2030-01-02', 11)], '2030-01-01', '2030-01-02'),
    );
    expect(rows[0].change).toEqual({ text: '▼8', direction: 'down' });
  });
});

describe('RankHistoryModal', () => {
  it('asks for the last 30 KST days and shows the trend chart and the 7-column grid', async () => {
    history = [
      entry(addKstDays(today, -1), 12),
      entry(today, 7, { prev_rank: 12, min_rank: 6, avg_rank: 7.4, max_rank: 9 }),
    ];
    wrap(<RankHistoryModal slot={slot()} onClose={vi.fn()} />);
    const grid = await screen.findByRole('table', { name: '일별 순위' });
    expect(queries[0].get('startDate')).toBe(addKstDays(today, -29));
    expect(queries[0].get('endDate')).toBe(today);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['날짜 (KST)', '순위', '전일', '변동', '최고', '평균', '최저']);
    expect(within(grid).getAllByRole('row')).toHaveLength(31);
    const todayRow = within(grid).getAllByRole('row')[1];
    expect(
      within(todayRow)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['7위', '12위', '▲5', '6위', '7.4위', '9위']);
    expect(screen.getByRole('img', { name: '일별 순위 추이, 최고 7위, 최저 12위' })).toBeInTheDocument();
  });

  it('heads the history with the current rank and when it was measured; 측정 지연 past rankDelayHours', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const { unmount } = wrap(<RankHistoryModal slot={slot({ rank_measured_at: hoursAgo(2) })} onClose={vi.fn()} />);
    const current = await screen.findByTestId('current-rank');
    expect(current).toHaveTextContent('현재 순위7위▲52시간 전 측정');
    unmount();
    // The same rank 40 hours old, with the setting at its default (36): no longer shown as current.
    wrap(
      <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), rankDelayHours: 36 }, status: 'ready' }}>
        <RankHistoryModal slot={slot({ rank_measured_at: hoursAgo(40) })} onClose={vi.fn()} />
      </AppSettingsContext.Provider>,
    );
    const late = await screen.findByTestId('current-rank');
    expect(late).toHaveTextContent('현재 순위7위측정 지연40시간 전 측정');
    expect(late).not.toHaveTextContent('▲');
  });

  it('shows impressions, clicks and CTR (2 decimals) under the days a worker reported, and the range total', async () => {
    history = [
      entry(addKstDays(today, -2), 12, { impressions: 1000, clicks: 33 }),
      entry(addKstDays(today, -1), 10),
      entry(today, 7, { impressions: 0, clicks: 0 }),
    ];
    wrap(<RankHistoryModal slot={slot()} onClose={vi.fn()} />);
    const grid = await screen.findByRole('table', { name: '일별 순위' });
    const dayCell = (day: string) => grid.querySelector(`tr[data-date="${day}"] td`)!.textContent;
    expect(dayCell(addKstDays(today, -2))).toContain('노출 1,000 · 클릭 33 · CTR 3.30%');
    // A day without reports shows no figures; a reported day without impressions reads CTR 0.00%.
    expect(dayCell(addKstDays(today, -1))).not.toContain('노출');
    expect(dayCell(today)).toContain('노출 0 · 클릭 0 · CTR 0.00%');
    expect(screen.getByTestId('range-metrics').textContent).toBe('기간 합계 노출 1,000 · 클릭 33 · CTR 3.30%');
  });

  it('reads - (never 0 or CTR 0.00%) for a range no worker reported on', async () => {
    history = [entry(today, 7)];
    wrap(<RankHistoryModal slot={slot()} onClose={vi.fn()} />);
    await screen.findByRole('table', { name: '일별 순위' });
    expect(screen.getByTestId('range-metrics').textContent).toBe('기간 합계 노출 - · 클릭 - · CTR -');
    expect(screen.queryByTestId('day-metrics')).toBeNull();
  });

  it('asks for another period and refuses a reversed one in Korean', async () => {
    const user = userEvent.setup();
    wrap(<RankHistoryModal slot={slot()} onClose={vi.fn()} />);
    await screen.findByRole('table', { name: '일별 순위' });
    await user.click(screen.getByRole('button', { name: '최근 7일' }));
    await screen.findAllByRole('row');
    expect(queries.at(-1)!.get('startDate')).toBe(addKstDays(today, -6));
    const [from, to] = [screen.getByLabelText('시작일'), screen.getByLabelText('종료일')];
    await user.clear(from);
    await user.type(from, today);
    await user.clear(to);
    await user.type(to, addKstDays(today, -3));
    await user.click(screen.getByRole('button', { name: '조회' }));
    expect(screen.getByText('종료일은 시작일보다 늦어야 합니다.')).toBeInTheDocument();
  });

  it('shows the empty chart text when there is no rank yet, and offers the rank alert', async () => {
    const onRankAlert = vi.fn();
    const user = userEvent.setup();
    wrap(<RankHistoryModal slot={slot()} onClose={vi.fn()} onRankAlert={onRankAlert} />);
    expect(await screen.findByText('표시할 순위 데이터가 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '순위 알림' }));
    expect(onRankAlert).toHaveBeenCalled();
  });
});

describe('RankAlertDialog', () => {
  it('saves a move-by alert with the out-of-results flag', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    wrap(<RankAlertDialog slot={slot()} onClose={onClose} />);
    await user.click(screen.getByRole('checkbox', { name: '순위 변동 알림' }));
    const moveBy = screen.getByRole('spinbutton', { name: '변동 폭 (위)' });
    await user.clear(moveBy);
    await user.type(moveBy, '15');
    await user.click(screen.getByRole('checkbox', { name: /순위권 이탈 알림/ }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(writes).toEqual([{ method: 'PUT', path: '/api/slots/s1/rank-alert', body: { moveBy: 15, whenOut: true } }]);
    expect(onClose).toHaveBeenCalled();
  });

  it.each([['0'], ['501'], ['2.5'], ['']])('refuses a move-by of %j in Korean and sends nothing', async (value) => {
    const user = userEvent.setup();
    wrap(<RankAlertDialog slot={slot({ rank_alert: { moveBy: 10, whenOut: false } })} onClose={vi.fn()} />);
    const moveBy = screen.getByRole('spinbutton', { name: '변동 폭 (위)' });
    await user.clear(moveBy);
    if (value) await user.type(moveBy, value);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByRole('alert')).toHaveTextContent('순위 변동 폭은 1에서 500 사이의 정수로 입력해주세요.');
    expect(writes).toEqual([]);
  });

  it('both off removes the alert; a refusal keeps the dialog open with the server text', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    answerStatus = 404;
    wrap(<RankAlertDialog slot={slot({ rank_alert: { moveBy: 10, whenOut: true } })} onClose={onClose} />);
    expect(screen.getByRole('checkbox', { name: '순위 변동 알림' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '순위 변동 알림' }));
    await user.click(screen.getByRole('checkbox', { name: /순위권 이탈 알림/ }));
    expect(screen.getByText('두 항목을 모두 끄고 저장하면 알림이 해제됩니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(writes[0].body).toEqual({ moveBy: null, whenOut: false });
    expect(await screen.findByText('서버에서 거절했습니다.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists the alerts that fired, newest first', () => {
    const events = [
      { at: '2030-01-02T01:00:00.000Z', from: 12, to: 25, kind: 'moved' as const },
      { at: '2030-01-01T01:00:00.000Z', from: 25, to: null, kind: 'out' as const },
    ];
    wrap(
      <RankAlertDialog
        slot={slot({ rank_alert: { moveBy: 5, whenOut: true }, rank_alert_last: events[0], rank_alert_events: events })}
        onClose={vi.fn()}
      />,
    );
    const items = within(screen.getByRole('region', { name: '최근 순위 알림' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '순위 12 → 252030-01-02 10:00',
      '순위 25 → 순위권 이탈2030-01-01 10:00',
    ]);
  });
});

describe('RankAlertNote (the alert shown on the slot)', () => {
  it('shows the latest alert with its KST time', async () => {
    const onOpen = vi.fn();
    render(
      <RankAlertNote
        slot={slot({
          rank_alert: { moveBy: 5, whenOut: false },
          rank_alert_last: { at: '2030-03-04T23:30:00.000Z', from: 12, to: 25, kind: 'moved' },
        })}
        onOpen={onOpen}
      />,
    );
    const badge = screen.getByRole('button', { name: '최근 순위 알림: 순위 12 → 25 (03-05 08:30), 순위 알림 설정' });
    await userEvent.setup().click(badge);
    expect(onOpen).toHaveBeenCalled();
  });

  it('is a bell that says whether an alert is set', () => {
    const { rerender } = render(<RankAlertNote slot={slot()} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: '슬롯 #3 순위 알림 설정' })).toHaveAttribute('aria-pressed', 'false');
    rerender(<RankAlertNote slot={slot({ rank_alert: { moveBy: null, whenOut: true } })} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: '슬롯 #3 순위 알림 설정됨' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the slot list shows the rank, the arrow and the latest alert in the table and the cards', () => {
  it.each([['table'], ['cards']] as const)('%s', async (view) => {
    const { SlotCards, SlotTable } = await import('./slot-list-views');
    const onRankAlert = vi.fn();
    const onRankHistory = vi.fn();
    const s = slot({
      status: 'active',
      displayStatus: 'active',
      startDate: today,
      endDate: addKstDays(today, 10),
      keyword: '무선 마우스',
      url: '',
      rank_alert: { moveBy: 5, whenOut: false },
      rank_alert_last: { at: '2030-03-04T23:30:00.000Z', from: 12, to: 25, kind: 'moved' },
    } as Partial<SlotDto>);
    const props = { ...listViewProps([s]), onRankHistory, onRankAlert };
    // The table's inline row edit toasts its save: the app always has the provider.
    render(<ToastProvider>{view === 'table' ? <SlotTable {...props} /> : <SlotCards {...props} />}</ToastProvider>);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7위 (▲5), 순위 히스토리 보기' }));
    expect(onRankHistory).toHaveBeenCalledWith(s);
    await user.click(screen.getByRole('button', { name: /^최근 순위 알림: 순위 12 → 25/ }));
    expect(onRankAlert).toHaveBeenCalledWith(s);
  });

  it.each([['table'], ['cards']] as const)(
    '%s: a rank older than rankDelayHours reads 측정 지연 with its time, a fresh one its time',
    async (view) => {
      const { SlotCards, SlotTable } = await import('./slot-list-views');
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
      const base = {
        status: 'active',
        displayStatus: 'active',
        startDate: today,
        endDate: addKstDays(today, 10),
        url: '',
      } as Partial<SlotDto>;
      const late = slot({ ...base, id: 'late', slot_number: 1, rank_measured_at: hoursAgo(50) });
      const fresh = slot({ ...base, id: 'fresh', slot_number: 2, rank: 4, rank_measured_at: hoursAgo(0.5) });
      const props = listViewProps([late, fresh]);
      render(
        <AppSettingsContext.Provider
          value={{ settings: { ...defaultSettings(), rankDelayHours: 36 }, status: 'ready' }}
        >
          <ToastProvider>{view === 'table' ? <SlotTable {...props} /> : <SlotCards {...props} />}</ToastProvider>
        </AppSettingsContext.Provider>,
      );
      const lateButton = screen.getByRole('button', { name: '7위, 측정 지연, 순위 히스토리 보기' });
      expect(lateButton.parentElement).toHaveTextContent('측정 지연2일 전 측정');
      const freshButton = screen.getByRole('button', { name: '4위 (▲8), 순위 히스토리 보기' });
      expect(freshButton.parentElement).toHaveTextContent('30분 전 측정');
      expect(freshButton.parentElement).not.toHaveTextContent('측정 지연');
    },
  );
});
