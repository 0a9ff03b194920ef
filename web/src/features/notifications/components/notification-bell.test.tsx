import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNotificationsApi } from '../testing/fake-notifications-api';
import { notification } from '../testing/notification-fixture';
import { NotificationBell } from './notification-bell';
import { NotificationCentre } from './notification-centre';

function renderWith(node: React.ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/slots']}>
        {node}
        <Routes>
          <Route path="/slots" element={<p>슬롯 화면</p>} />
          <Route path="/notifications" element={<p>알림 목록 화면</p>} />
          <Route path="/cash" element={<p>캐시 화면</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
afterEach(() => vi.restoreAllMocks());

const many = (n: number) => Array.from({ length: n }, (_, i) => notification({ id: `m${i}`, title: `알림 제목 ${i}` }));

describe('bell (top navigation)', { timeout: 20_000 }, () => {
  it('badge caps at 99+, the dropdown shows the latest 5 and links to /notifications', async () => {
    fakeNotificationsApi(many(120));
    renderWith(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: '알림, 읽지 않은 알림 99+' });
    expect(within(bell).getByTestId('bell-badge')).toHaveTextContent('99+');
    await userEvent.click(bell);
    const dropdown = screen.getByRole('region', { name: '최근 알림' });
    expect(within(dropdown).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dropdown).getByText('알림 제목 0')).toBeInTheDocument();
    await userEvent.click(within(dropdown).getByRole('link', { name: '모든 알림 보기' }));
    expect(await screen.findByText('알림 목록 화면')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '최근 알림' })).not.toBeInTheDocument();
  });

  it("says '알림이 없습니다' when empty and has no badge", async () => {
    fakeNotificationsApi([]);
    renderWith(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: '알림' });
    await userEvent.click(bell);
    expect(await screen.findByText('알림이 없습니다')).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
  });

  it('works from the keyboard: ArrowDown opens and moves, Enter marks read, Escape closes back to the bell', async () => {
    const api = fakeNotificationsApi([
      notification({ id: 'k1', title: '첫째' }),
      notification({ id: 'k2', title: '둘째' }),
    ]);
    renderWith(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2' });
    bell.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('button', { name: /첫째/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /둘째/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/k2/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: '최근 알림' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '알림, 읽지 않은 알림 1' })).toHaveFocus();
  });
});

describe('notification centre (floating bell and modal)', { timeout: 20_000 }, () => {
  it('filters unread, marks one read, deletes one, marks all read; shows the operator tag and actions', async () => {
    const api = fakeNotificationsApi([
      notification({
        id: 'c1',
        title: '운영자 공지',
        sender: 'operator',
        type: 'warning',
        actions: [{ label: '캐시 충전', style: 'primary', action: '/cash' }],
      }),
      notification({ id: 'c2', title: '시스템 알림', type: 'success' }),
      notification({
        id: 'c3',
        title: '읽은 알림',
        is_read: true,
        read_status: 'read',
        read_at: new Date().toISOString(),
      }),
    ]);
    renderWith(<NotificationCentre />);
    const open = await screen.findByRole('button', { name: '알림 센터 열기, 읽지 않은 알림 2' });
    expect(within(open).getByTestId('centre-badge')).toHaveTextContent('2');
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: '알림 센터' }, { timeout: 8000 });
    const operatorItem = await within(dialog).findByRole('article', { name: '읽지 않음: 운영자 공지' });
    expect(within(operatorItem).getByText('운영자')).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: '읽지 않음: 시스템 알림' })).not.toHaveTextContent('운영자');
    expect(within(dialog).getByRole('article', { name: '읽은 알림' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '읽지 않음 (2)' }));
    await waitFor(() => expect(within(dialog).queryByRole('article', { name: '읽은 알림' })).not.toBeInTheDocument());
    expect(api.callsTo('GET /api/notifications?isRead=false')).toHaveLength(1);

    // The unread page is a new request: its rows come after a loading state.
    await userEvent.click(await within(dialog).findByRole('button', { name: '시스템 알림 읽음 처리' }));
    await waitFor(() => expect(within(dialog).queryByRole('article', { name: /시스템 알림/ })).not.toBeInTheDocument());
    expect(api.callsTo('PUT /api/notifications/c2/read')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: '전체' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '읽은 알림 삭제' }));
    await waitFor(() => expect(within(dialog).queryByRole('article', { name: '읽은 알림' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/notifications/c3')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: '모두 읽음' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/mark-all-read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '알림 센터 열기' })).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: '운영자 공지' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '캐시 충전' }));
    expect(await screen.findByText('캐시 화면')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '알림 센터' })).not.toBeInTheDocument();
  });

  it('ignores a 404 on read (deleted in another tab)', async () => {
    const api = fakeNotificationsApi([notification({ id: 'x1', title: '사라질 알림' })]);
    renderWith(<NotificationCentre />);
    await userEvent.click(await screen.findByRole('button', { name: /알림 센터 열기/ }));
    const dialog = await screen.findByRole('dialog', { name: '알림 센터' }, { timeout: 8000 });
    await within(dialog).findByRole('article', { name: /사라질 알림/ });
    api.state.items = [];
    await userEvent.click(within(dialog).getByRole('button', { name: '사라질 알림 읽음 처리' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/x1/read')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
