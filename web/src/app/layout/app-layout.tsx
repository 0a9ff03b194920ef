import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { accessMessages } from '#shared/messages/access';
import { isStaff, roleLabels } from '#shared/roles';
import { LayoutShell } from '@/components/layouts/layout-shell';
import { SidebarAccount } from '@/components/layouts/sidebar-account';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { SiteLogo } from '@/components/ui/site-logo';
import { LoadingBlock } from '@/components/ui/spinner';
import { SwitchBackButton } from '@/features/auth/components/switch-back-button';
import { MaintenanceNotice, MaintenancePage } from '@/features/settings/components/maintenance';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { PinnedBanner } from '@/features/announcements/components/pinned-banner';
import { useBalance } from '@/hooks/use-balance';
import { formatWon } from '@/lib/format';
import { CashChargeProvider } from '@/features/cash/components/cash-charge-provider';
import { useCashCharge } from '@/features/cash/hooks/use-cash-charge';
import { useAppSettings } from '@/lib/app-settings';
import { useLayoutPreview } from '@/lib/layout-preview';
import { useSessionState } from '@/lib/session-store';
import { menuFor } from '../menu';
import { layoutOptionsOf } from './layout-options';
import { isRouteHandle } from '../routes/route-handle';
import styles from './app-layout.module.css';

// Role users only, and only while notifications are on: staff receive no notifications, so they load none of it.
const UserNotificationBell = lazy(() =>
  import('./user-notifications').then((m) => ({ default: m.UserNotificationBell })),
);
const UserNotificationsFloating = lazy(() =>
  import('./user-notifications').then((m) => ({ default: m.UserNotificationsFloating })),
);
// Every role user's live data (balance and lists follow pushes), with or without notifications.
const LiveUpdates = lazy(() => import('./live-updates').then((m) => ({ default: m.LiveUpdates })));
// The chat button for role users, the "use the console" notice for staff; only with chatEnabled.
const ChatWidget = lazy(() =>
  import('@/features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })),
);
// Staff only: the rank alerts firing now (staff have no notification bell or toasts).
const RankAlertNotice = lazy(() =>
  import('@/features/rank-operations/components/rank-alert-notice').then((m) => ({ default: m.RankAlertNotice })),
);
const StaffChatNotice = lazy(() =>
  import('@/features/chat/components/chat-widget').then((m) => ({ default: m.StaffChatNotice })),
);

/**
 * How far the floating buttons reach up from the window's bottom edge, by their CSS: the bell at
 * 24 px, 52 px tall; the chat button 56 px tall at 24 px, or raised to 92 px above the bell; the
 * switch-back pill at 24 px, about 50 px tall. Pages end above this line: on a phone the
 * buttons used to cover the bulk page's submit button.
 */
function floatingReserve({ bell, chat, switchBack }: { bell: boolean; chat: boolean; switchBack: boolean }) {
  if (bell && chat) return 148;
  if (chat) return 80;
  if (bell) return 76;
  return switchBack ? 76 : 0;
}

/** The name, else the part of the email before '@', else '사용자'. */
const displayName = (fullName: string, email: string) => fullName.trim() || email.split('@')[0] || '사용자';

/** The signed-in frame: composes session, settings, menu and cash balance into the layout preset. */
export function AppLayout() {
  // The 캐시충전 button opens the charge dialog or page per cashChargeMode (cash feature).
  return (
    <CashChargeProvider>
      <AppLayoutFrame />
    </CashChargeProvider>
  );
}

function AppLayoutFrame() {
  const { openCharge } = useCashCharge();
  const session = useSessionState().session;
  const user = session?.user ?? null;
  const settings = useAppSettings();
  const layoutPreview = useLayoutPreview();
  const { pathname } = useLocation();
  const matches = useMatches();
  const { signOut, isSigningOut } = useSignOut();
  // The balance and 캐시충전 are an advertiser's: staff have no balance to charge. A
  // developer switched into a user's account is that user here, so they see the user's balance.
  const cashShown = settings.useCashSystem && !!user && !isStaff(user.role);
  const { data: balance } = useBalance(cashShown);

  if (!user) return null;

  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  const staff = isStaff(user.role);
  const inConsole = pathname.startsWith('/admin');
  // A user on /admin/* reads the no-access page (RequireStaff), not the console page's title.
  const title =
    inConsole && !staff
      ? accessMessages.noAccessTitle
      : isRouteHandle(handle)
        ? typeof handle.title === 'function'
          ? handle.title(settings)
          : handle.title
        : '';
  const name = displayName(user.fullName, user.email);
  const notificationsOn = settings.notificationEnabled && !staff;
  const chatOn = settings.chatEnabled;
  const chatButtonShown = chatOn && !(staff && pathname.startsWith('/admin/chat'));

  // Maintenance (business setting): advertisers see only the notice; staff keep working, and so does
  // a developer switched into a user's account (the server lets them write too).
  const keepsWorking = staff || !!session?.actingAs;
  if (settings.maintenanceMode && !keepsWorking) {
    return (
      <MaintenancePage
        siteName={settings.siteName}
        logoUrl={settings.logoUrl}
        onSignOut={signOut}
        signingOut={isSigningOut}
        floating={<SwitchBackButton />}
      />
    );
  }

  return (
    <LayoutShell
      preset={settings.globalLayout}
      options={layoutOptionsOf(settings, layoutPreview)}
      brand={
        <Link to="/" title="홈">
          <SiteLogo siteName={settings.siteName} logoUrl={settings.logoUrl} tone="light" />
        </Link>
      }
      brandOnSurface={
        <Link to="/" title="홈">
          <SiteLogo siteName={settings.siteName} logoUrl={settings.logoUrl} />
        </Link>
      }
      account={
        <SidebarAccount
          name={name}
          email={user.email}
          roleLabel={staff ? roleLabels[user.role] : undefined}
          balance={cashShown ? balance?.amount : undefined}
          onCharge={cashShown ? openCharge : undefined}
        />
      }
      accountCompact={
        cashShown ? (
          <span className={styles.compactAccount}>
            {balance && <span className={styles.compactBalance}>{formatWon(balance.amount)}</span>}
            <Button size="sm" variant="secondary" onClick={openCharge}>
              캐시충전
            </Button>
          </span>
        ) : undefined
      }
      navigation={menuFor(user.role, settings)}
      sidebarFooter={
        <Button variant="ghost" fullWidth className={styles.logout} onClick={signOut} loading={isSigningOut}>
          <Icon name="log-out" size={18} />
          로그아웃
        </Button>
      }
      topNavLogout={
        <Button variant="ghost" size="sm" onClick={signOut} loading={isSigningOut}>
          <Icon name="log-out" size={16} />
          로그아웃
        </Button>
      }
      headerTitle={
        <div className={styles.crumbs}>
          {inConsole && (
            <>
              <span className={styles.crumb}>관리자 콘솔</span>
              <Icon name="chevron-right" size={14} />
            </>
          )}
          <span className={styles.title}>{title}</span>
        </div>
      }
      breadcrumb={
        <nav aria-label="현재 위치">
          <ol className={styles.breadcrumb}>
            <li>
              <Link to="/">홈</Link>
            </li>
            {inConsole && pathname !== '/admin' && (
              <li>
                <Link to="/admin">관리자 콘솔</Link>
              </li>
            )}
            <li aria-current="page" className={styles.title}>
              {title}
            </li>
          </ol>
        </nav>
      }
      headerActions={
        <>
          {notificationsOn && (
            <Suspense
              fallback={
                <Link to="/notifications" className={styles.bell} aria-label="알림" title="알림">
                  <Icon name="bell" size={18} />
                </Link>
              }
            >
              <UserNotificationBell />
            </Suspense>
          )}
          <Link to="/profile" className={styles.profileLink} title="내 정보">
            <span className={styles.profileAvatar} aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
            {name}님
          </Link>
        </>
      }
      notice={
        <>
          {keepsWorking && settings.maintenanceMode && <MaintenanceNotice />}
          {/* The pinned-announcement banner, on every layout preset. */}
          <PinnedBanner />
          {staff && (
            <Suspense fallback={null}>
              <RankAlertNotice />
            </Suspense>
          )}
        </>
      }
      floatingReserve={floatingReserve({
        bell: notificationsOn,
        chat: chatButtonShown,
        switchBack: !!session?.actingAs,
      })}
      floating={
        <>
          <SwitchBackButton />
          {!staff && (
            <Suspense fallback={null}>
              <LiveUpdates key={user.id} />
            </Suspense>
          )}
          {notificationsOn && (
            <Suspense fallback={null}>
              <UserNotificationsFloating userId={user.id} />
            </Suspense>
          )}
          {chatOn && (
            <Suspense fallback={null}>
              {/* Stacked above the notification centre's bell, which owns the bottom-right corner. */}
              {!staff ? (
                <ChatWidget key={user.id} userId={user.id} raised={notificationsOn} />
              ) : (
                !pathname.startsWith('/admin/chat') && <StaffChatNotice />
              )}
            </Suspense>
          )}
        </>
      }
    >
      <Suspense fallback={<LoadingBlock />}>
        <Outlet />
      </Suspense>
    </LayoutShell>
  );
}
