import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session-store';
import { fakeNotificationsApi, signInUser } from '../testing/fake-notifications-api';
import { notification } from '../testing/notification-fixture';
import { NotificationTestPage, TEST_INTERVAL_MS } from './notification-test-page';
import { NotificationsPage } from './notifications-page';

function renderPage(node: React.ReactNode = <NotificationsPage />) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{node}</MemoryRouter>
    </SWRConfig>,
  );
}
beforeEach(() => {
  localStorage.clear();
  signInUser('u1');
});
afterEach(() => {
  resetSessionForTests();
  vi.restoreAllMocks();
});

describe('/notifications', { timeout: 20_000 }, () => {
  it('lists with all/unread tabs, loads more through the cursor, and deletes the read ones after confirming', async () => {
    const items = Array.from({ length: 25 }, (_, i) =>
      notification({
        id: `p${i}`,
        title: `알림 ${i + 1}`,
        ...(i % 2 ? { is_read: true, read_status: 'read' as const, read_at: new Date().toISOString() } : {}),
      }),
    );
    const api = fakeNotificationsApi(items);
    renderPage();
    expect(await screen.findByText('읽지 않은 알림 13개')).toBeInTheDocument();
    await screen.findByRole('article', { name: '읽지 않음: 알림 1' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    expect(api.callsTo('GET /api/notifications?limit=20&cursor=20')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '읽지 않음 (13)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));

    await userEvent.click(screen.getByRole('button', { name: '전체' }));
    await userEvent.click(screen.getByRole('button', { name: '읽은 알림 삭제' }));
    const confirm = screen.getByRole('dialog', { name: '읽은 알림 삭제' });
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(api.callsTo('DELETE /api/notifications/delete-read')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: '모두 읽음' }));
    expect(await screen.findByText('모든 알림을 확인했습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /읽지 않음/ })).not.toBeInTheDocument();
  });

  it('edits the locally stored notification config', async () => {
    fakeNotificationsApi([]);
    renderPage();
    expect(await screen.findByText('알림이 없습니다')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('표시 위치'), '왼쪽 아래');
    await userEvent.selectOptions(screen.getByLabelText('애니메이션'), '바운스');
    await userEvent.selectOptions(screen.getByLabelText('동시에 표시할 알림 수'), '5개');
    await userEvent.click(screen.getByLabelText('알림음'));
    // Only the user's own choices are stored: the display time they never chose follows the operator.
    expect(JSON.parse(localStorage.getItem('notificationConfig')!)).toEqual({
      position: 'bottom-left',
      maxVisible: 5,
      sound: false,
      animation: 'bounce',
    });
    expect(screen.getByLabelText('알림음')).not.toBeChecked();
    expect(screen.getByLabelText('표시 시간')).toHaveDisplayValue('5초 (기본)');
    await userEvent.click(screen.getByRole('button', { name: '기본값으로' }));
    expect(JSON.parse(localStorage.getItem('notificationConfig')!)).toEqual({});
    expect(screen.getByLabelText('알림음')).toBeChecked();
  });

  it('operators load nothing here', async () => {
    const api = fakeNotificationsApi([]);
    signInUser('op1', 'operator');
    renderPage();
    expect(screen.getByText('알림은 일반 사용자 계정에서 확인할 수 있습니다.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.state.calls).toEqual([]);
  });
});

describe('/notification-test', { timeout: 20_000 }, () => {
  it('sends 5 test notifications 2 s apart through the API and shows the progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeNotificationsApi([]);
      renderPage(<NotificationTestPage />);
      await userEvent.click(screen.getByRole('button', { name: '테스트 알림 5개 보내기' }));
      await waitFor(() => expect(api.callsTo('POST /api/notifications/test')).toHaveLength(1));
      expect(screen.getByText('1 / 5 발송')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(api.callsTo('POST /api/notifications/test')).toHaveLength(2));
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      await waitFor(() => expect(screen.getByText('5 / 5 발송 완료')).toBeInTheDocument());
      expect(api.callsTo('POST /api/notifications/test')).toHaveLength(5);
      // 2 s apart by the page's clock. The fake clock also moves with real time (shouldAdvanceTime),
      // so a check of the count at 1.9 s raced a loaded machine; each send's time does not.
      const sentAt = api.state.calls.flatMap((call, i) =>
        call.startsWith('POST /api/notifications/test') ? [api.state.sentAt[i]] : [],
      );
      const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]);
      expect(
        gaps.every((gap) => gap >= TEST_INTERVAL_MS),
        `gaps ${gaps.join(', ')} ms`,
      ).toBe(true);
      expect(screen.getByRole('progressbar', { name: '발송 진행률' })).toHaveAttribute('aria-valuenow', '5');
      const bodies = api.spy.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([, init]) => JSON.parse(String(init?.body)));
      expect(bodies.map((b) => b.type)).toEqual(['info', 'success', 'warning', 'error', 'info']);
    } finally {
      vi.useRealTimers();
    }
  });
});
