import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useAppSettings } from '@/lib/app-settings';
import {
  NOTIFICATION_CONFIG_KEY,
  effectiveNotificationConfig,
  parseNotificationChoices,
  type NotificationConfig,
} from '../utils/notification-config';

/**
 * The local notification config, shared by every component and kept in step across tabs. Only the
 * user's own choices are stored; what they never chose follows the operator's default
 * (notificationDuration), so an operator's change reaches every user who kept the default.
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Partial<NotificationConfig> = parseNotificationChoices(null);

function read(): Partial<NotificationConfig> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(NOTIFICATION_CONFIG_KEY);
  } catch {
    /* storage blocked: defaults */
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseNotificationChoices(raw);
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === NOTIFICATION_CONFIG_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores the user's choices (an empty object: back to the operator's and the product's defaults). */
function saveNotificationChoices(next: Partial<NotificationConfig>) {
  try {
    localStorage.setItem(NOTIFICATION_CONFIG_KEY, JSON.stringify(next));
  } catch {
    /* storage full or blocked: the change lasts until reload */
    cachedRaw = JSON.stringify(next);
    cached = next;
  }
  for (const listener of listeners) listener();
}

export interface NotificationConfigControls {
  /** Back to the defaults: forgets every choice of this browser. */
  reset: () => void;
  /** The operator's default display time (ms), which applies while the user chose none. */
  operatorDuration: number;
}

export function useNotificationConfig(): [
  NotificationConfig,
  (change: Partial<NotificationConfig>) => void,
  NotificationConfigControls,
] {
  const choices = useSyncExternalStore(subscribe, read, read);
  const { notificationDuration } = useAppSettings();
  const config = useMemo(
    () => effectiveNotificationConfig(choices, { duration: notificationDuration }),
    [choices, notificationDuration],
  );
  const update = useCallback(
    (change: Partial<NotificationConfig>) => saveNotificationChoices({ ...read(), ...change }),
    [],
  );
  const controls = useMemo(
    () => ({ reset: () => saveNotificationChoices({}), operatorDuration: notificationDuration }),
    [notificationDuration],
  );
  return [config, update, controls];
}
