import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addKstDays, kstToday } from '#shared/kst';
import type { SendRecord } from '#shared/schemas/notifications';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { NotificationHistoryPage } from './notification-history-page';

/** /admin/notification-history: stat cards, KST date and type filters, one row per send, paging, the send dialog. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const record = (over: Partial<SendRecord> = {}): SendRecord => ({
  group_id: 'g1',
  type: 'warning',
  title: '서버 점검 안내',
  message:
    '오늘 밤 12시부터 새벽 2시까지 서버 점검이 있습니다. 점검 중에는 슬롯 등록과 캐시 충전을 이용할 수 없습니다. 양해 부탁드립니다.',
  sender: 'operator',
  sender_name: '정운영',
  recipient_id: 'all',
  recipient_label: '전체 사용자',
  recipient_count: 40,
  read_count: 10,
  read_rate: 25,
  priority: 'high',
  auto_close: true,
  duration: 5000,
  created_at: '2026-03-02T15:30:00.000Z', // 2026-03-03 00:30 KST
  ...over,
});

let sends: SendRecord[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSessionForTests();
  sends = [
    record(),
    record({
      group_id: 'g2',
      type: 'info',
      title: '개별 안내',
      message: '짧은 글',
      recipient_id: 'u1',
      recipient_label: '김광고 (kim)',
      recipient_count: 1,
      read_count: 1,
      read_rate: 100,
      priority: 'normal',
      sender: 'developer',
      sender_name: '',
    }),
  ];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/notifications/all') {
      const type = u.searchParams.get('type');
      const items =
        u.searchParams.get('fromDate') || (type && type !== 'warning' && type !== 'info')
          ? []
          : sends.filter((s) => !type || s.type === type);
      const total = items.length ? 45 : 0;
      const stats = items.length
        ? { totalSent: 45, sentToday: 3, totalRecipients: 1234, totalRead: 617, readRate: 50 }
        : { totalSent: 0, sentToday: 0, totalRecipients: 0, totalRead: 0, readRate: 0 };
      return json(200, {
        success: true,
        data: {
          items,
          pagination: {
            page: Number(u.searchParams.get('page')),
            limit: Number(u.searchParams.get('limit')),
            total,
            totalPages: Math.ceil(total / Number(u.searchParams.get('limit'))),
          },
          stats,
        },
      });
    }
    if (u.pathname === '/api/notifications' && init?.method === 'POST') {
      sends = [
        record({
          group_id: 'g3',
          type: 'success',
          title: '새 알림',
          message: '방금 보낸 알림',
          read_count: 0,
          read_rate: 0,
        }),
        ...sends,
      ];
      return json(201, { success: true, data: { groupId: 'g3', recipientCount: 40 } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', error: '없음' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/admin/notification-history']}>
          <NotificationHistoryPage />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
  return userEvent.setup();
}
const historyCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((u) => u.pathname === '/api/notifications/all');
const lastQuery = () => historyCalls().at(-1)!.searchParams;

// userEvent typing is slow on a loaded 2-core machine; the default 5 s is too tight there.
describe('NotificationHistoryPage', { timeout: 15_000 }, () => {
  it('shows the stat cards and one row per send with KST time, type, preview, recipients, reads and sender', async () => {
    renderPage();
    const [first, second] = await screen.findAllByTestId('notification-history-row');
    expect(screen.getByTestId('stat-총 발송')).toHaveTextContent('45건');
    expect(screen.getByTestId('stat-오늘 발송')).toHaveTextContent('3건');
    expect(screen.getByTestId('stat-총 수신자')).toHaveTextContent('1,234명');
    expect(screen.getByTestId('stat-읽음률')).toHaveTextContent('50.0%');

    expect(within(first).getByText('2026-03-03 00:30')).toBeInTheDocument();
    expect(within(first).getByText('경고')).toBeInTheDocument();
    expect(within(first).getByText('높음')).toBeInTheDocument();
    expect(within(first).getByText('서버 점검 안내')).toBeInTheDocument();
    const preview = within(first).getByTitle(sends[0].message);
    expect(preview.textContent).toMatch(/…$/);
    expect(preview.textContent!.length).toBe(61);
    expect(within(first).getByText('전체 사용자')).toBeInTheDocument();
    expect(within(first).getByText('40명')).toBeInTheDocument();
    expect(within(first).getByText('10 / 40 (25.0%)')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(first).getByText('정운영')).toBeInTheDocument();

    expect(within(second).getByText('김광고 (kim)')).toBeInTheDocument();
    expect(within(second).getByText('1 / 1 (100.0%)')).toBeInTheDocument();
    expect(within(second).getByText('개발자')).toBeInTheDocument(); // no name: the sender kind
    expect(lastQuery().get('page')).toBe('1');
    expect(lastQuery().get('limit')).toBe('10');
  });

  it('labels a several-user send by its head count once', async () => {
    sends = [
      record({
        group_id: 'g9',
        recipient_id: 'multiple',
        recipient_label: '3명',
        recipient_count: 3,
        read_count: 2,
        read_rate: 66.7,
      }),
    ];
    renderPage();
    const [row] = await screen.findAllByTestId('notification-history-row');
    expect(within(row).getAllByText('3명')).toHaveLength(1);
    expect(within(row).getByText('2 / 3 (66.7%)')).toBeInTheDocument();
    expect(lastQuery().get('fromDate')).toBeNull();
  });

  it('turns the date tabs into KST fromDate/toDate, the type filter into type, and starts again at page 1', async () => {
    const user = renderPage();
    await screen.findAllByTestId('notification-history-row');
    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('종류'), '정보');
    await waitFor(() => expect(lastQuery().get('type')).toBe('info'));
    expect(lastQuery().get('page')).toBe('1');
    // The filtered answer replaces the rows once it arrives.
    await waitFor(() => expect(screen.getAllByTestId('notification-history-row')).toHaveLength(1));
    expect(screen.getByLabelText('종류').querySelectorAll('option')).toHaveLength(6);

    await user.selectOptions(screen.getByLabelText('종류'), '전체');
    await waitFor(() => expect(lastQuery().get('type')).toBeNull());

    const today = kstToday();
    const cases = [
      ['오늘', today],
      ['최근 7일', addKstDays(today, -6)],
      ['최근 30일', addKstDays(today, -29)],
    ] as const;
    for (const [label, from] of cases) {
      await user.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(lastQuery().get('fromDate')).toBe(from));
      expect(lastQuery().get('toDate')).toBe(today);
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(await screen.findByText('조건에 맞는 발송 내역이 없습니다.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-총 발송')).toHaveTextContent('0건');

    await user.click(screen.getByRole('button', { name: '전체' }));
    await waitFor(() => expect(lastQuery().get('fromDate')).toBeNull());
    expect(lastQuery().get('toDate')).toBeNull();
  });

  it('offers page sizes up to the server limit of 100', async () => {
    const user = renderPage();
    await screen.findAllByTestId('notification-history-row');
    const sizes = [...screen.getByLabelText('페이지당 개수').querySelectorAll('option')].map((o) =>
      Number((o as HTMLOptionElement).value),
    );
    expect(sizes).toEqual([10, 30, 50, 100]);
    await user.selectOptions(screen.getByLabelText('페이지당 개수'), '50');
    await waitFor(() => expect(lastQuery().get('limit')).toBe('50'));
  });

  it('shows an empty state with a send button when nothing was sent', async () => {
    sends = [];
    renderPage();
    expect(await screen.findByText('발송한 알림이 없습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '알림 발송' })).toHaveLength(2);
  });

  it('sends from the dialog, closes it and shows the new send at the top', async () => {
    const user = renderPage();
    await screen.findAllByTestId('notification-history-row');
    await user.click(screen.getByRole('button', { name: '알림 발송' }));
    const dialog = screen.getByRole('dialog', { name: '알림 발송' });
    await user.type(within(dialog).getByLabelText('제목'), '새 알림');
    await user.type(within(dialog).getByLabelText('내용'), '방금 보낸 알림');
    await user.click(within(dialog).getByRole('button', { name: '알림 발송' }));
    expect(await screen.findByText('알림이 성공적으로 발송되었습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getAllByTestId('notification-history-row')[0]).queryByText('새 알림')).toBeInTheDocument(),
    );
    expect(screen.getAllByTestId('notification-history-row')).toHaveLength(3);
  });

  it('closes the dialog on Escape without sending', async () => {
    const user = renderPage();
    await screen.findAllByTestId('notification-history-row');
    await user.click(screen.getByRole('button', { name: '알림 발송' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
