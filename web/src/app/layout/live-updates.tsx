import { useEffect } from 'react';
import { acquireRealtime } from '@/lib/realtime-socket';
import { useLiveData } from '../live-data';

/**
 * The data half of the realtime socket, for every signed-in advertiser whatever the notification
 * settings: a push that moved money (an approved charge, a refund) refreshes the balance and the lists
 * at once. notificationEnabled decides only whether the bell and the toasts show; it must not leave a
 * stale balance on screen until a reload. Loaded as its own small chunk, never for staff.
 */
export function LiveUpdates() {
  // The lease keeps the one shared socket open while an advertiser's frame is on screen; the
  // notification runtime holds its own lease on the same socket when notifications are on.
  useEffect(() => acquireRealtime(), []);
  useLiveData();
  return null;
}
