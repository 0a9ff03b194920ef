import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingBlock } from '@/components/ui/spinner';
import { adminSlotsTitle } from '@/features/slot-admin/utils/admin-slots-title';
import { HomeRedirect, RequireAuth, RequireDeveloper, RequireStaff } from './routes/guards';
import { NotFoundRoute } from './routes/not-found-route';
import { RootRoute, RouteError } from './routes/root-route';
import type { RouteHandle } from './routes/route-handle';

/**
 * Every screen is its own chunk, fetched on first visit (the old system shipped one 845 KB bundle):
 * the first load is the shell, the router and the login page.
 */
function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const page = <M, K extends keyof M>(
  path: string,
  title: RouteHandle['title'],
  load: () => Promise<M>,
  name: K,
): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: lazyComponent(load, name),
});

const cashChargePage = () => import('@/features/cash/components/cash-charge-page');
const cashHistoryPage = () => import('@/features/cash/components/cash-history-page');

const userRoutes: RouteObject[] = [
  page('slots', '내 광고 슬롯', () => import('./routes/slots-route'), 'SlotsRoute'),
  page(
    'slots/bulk',
    '슬롯 대량 등록',
    () => import('@/features/slot-bulk/components/bulk-registration-page'),
    'BulkRegistrationPage',
  ),
  // Both spellings of the cash paths open the same page (see 'Where the spec reads two ways or says nothing'
  // in docs/decisions.md).
  page('cash', '캐시 충전', cashChargePage, 'CashChargePage'),
  page('cash/charge', '캐시 충전', cashChargePage, 'CashChargePage'),
  page('cash-history', '캐시 내역', cashHistoryPage, 'CashHistoryPage'),
  page('cash/history', '캐시 내역', cashHistoryPage, 'CashHistoryPage'),
  page('ranking', '성과 랭킹', () => import('@/features/ranking-page/components/ranking-page'), 'RankingPage'),
  page('profile', '내 정보', () => import('./routes/profile-route'), 'ProfileRoute'),
  page(
    'announcements',
    '공지사항',
    () => import('@/features/announcements/components/announcements-page'),
    'AnnouncementsPage',
  ),
  page(
    'notifications',
    '알림',
    () => import('@/features/notifications/components/notifications-page'),
    'NotificationsPage',
  ),
  page('chat-test', '채팅 테스트', () => import('@/features/chat/components/chat-test-page'), 'ChatTestPage'),
  page(
    'notification-test',
    '알림 테스트',
    () => import('@/features/notifications/components/notification-test-page'),
    'NotificationTestPage',
  ),
];

const adminRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: '대시보드' } satisfies RouteHandle,
    lazy: lazyComponent(() => import('./routes/admin-dashboard-route'), 'AdminDashboardRoute'),
  },
  page(
    'slots',
    (s) => adminSlotsTitle(s.slotOperationMode),
    () => import('./routes/admin-slots-route'),
    'AdminSlotsRoute',
  ),
  page(
    'slot-allocation-history',
    '슬롯 발행 내역',
    () => import('@/features/slot-allocations/components/allocation-history-page'),
    'AllocationHistoryPage',
  ),
  page('cash', '캐시 승인', () => import('@/features/cash/components/cash-approval-page'), 'CashApprovalPage'),
  page('users', '사용자 관리', () => import('./routes/admin-users-route'), 'AdminUsersRoute'),
  page('users/:id', '고객 상세', () => import('./routes/admin-customer-route'), 'AdminCustomerRoute'),
  page('chat', '채팅 관리', () => import('@/features/chat/components/chat-admin-page'), 'ChatAdminPage'),
  page(
    'rank-operations',
    '순위 측정 현황',
    () => import('@/features/rank-operations/components/rank-operations-page'),
    'RankOperationsPage',
  ),
  {
    element: <RequireDeveloper />,
    children: [page('settings', '시스템 설정', () => import('./routes/admin-settings-route'), 'AdminSettingsRoute')],
  },
  page(
    'notifications',
    '알림 발송',
    () => import('@/features/notifications/components/send-notification-page'),
    'SendNotificationPage',
  ),
  page(
    'notification-history',
    '알림 내역',
    () => import('@/features/notifications/components/notification-history-page'),
    'NotificationHistoryPage',
  ),
  page(
    'announcements',
    '공지사항 관리',
    () => import('@/features/announcements/components/announcements-admin-page'),
    'AnnouncementsAdminPage',
  ),
];

export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingBlock fullScreen />,
    children: [
      // The only routes open without a session.
      { path: 'login', lazy: lazyComponent(() => import('./routes/login-route'), 'LoginRoute') },
      { path: 'login-preview', lazy: lazyComponent(() => import('./routes/login-route'), 'LoginPreviewRoute') },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <HomeRedirect /> },
          // The rank-history popup window: signed in, but without the sidebar layout.
          page(
            'slots/:slotId/rank-history',
            '순위 히스토리',
            () => import('@/features/slots/components/rank-history-window'),
            'RankHistoryWindow',
          ),
          {
            lazy: lazyComponent(() => import('./layout/app-layout'), 'AppLayout'),
            children: [
              {
                // Errors inside a page (or a failed chunk download) keep the sidebar usable.
                errorElement: <RouteError />,
                children: [
                  ...userRoutes,
                  { path: 'admin', element: <RequireStaff />, children: adminRoutes },
                  {
                    path: '*',
                    handle: { title: '페이지를 찾을 수 없음' } satisfies RouteHandle,
                    element: <NotFoundRoute />,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
