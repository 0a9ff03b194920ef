import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationCentre } from '@/features/notifications/components/notification-centre';
import { NotificationRuntime } from '@/features/notifications/components/notification-runtime';

/**
 * The notifications a role user carries on every page, loaded as one lazy chunk (staff and the
 * sign-in page never download it): the bell for the header, and the floating centre with the
 * background runtime (socket, fallback poll, toasts). The caches a push says changed are refreshed by
 * the live updates every advertiser carries, notifications on or off (live-updates.tsx).
 */
export function UserNotificationBell() {
  return <NotificationBell />;
}

export function UserNotificationsFloating({ userId }: { userId: string }) {
  return (
    <>
      <NotificationCentre />
      {/* A user switch starts over: another user's toasts and remembered ids never carry across. */}
      <NotificationRuntime key={userId} userId={userId} />
    </>
  );
}
