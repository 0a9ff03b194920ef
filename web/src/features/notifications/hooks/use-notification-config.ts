import { useCallback, useSyncExternalStore } from 'react';
import {
  NOTIFICATION_CONFIG_KEY,
  parseNotificationConfig,
  type NotificationConfig,
} from '../utils/notification-config';

/** The local notification config, shared by every component and kept in step across tabs. */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: NotificationConfig = parseNotificationConfig(null);

function read(): NotificationConfig {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(NOTIFICATION_CONFIG_KEY);
  } catch {
    /* storage blocked: defaults */
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseNotificationConfig(raw);
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

export function saveNotificationConfig(next: NotificationConfig) {
  try {
    localStorage.setItem(NOTIFICATION_CONFIG_KEY, JSON.stringify(next));
  } catch {
    /* storage full or blocked: the change lasts until reload */
    cachedRaw = JSON.stringify(next);
    cached = next;
  }
  for (const listener of listeners) listener();
}

export function useNotificationConfig(): [NotificationConfig, (change: Partial<NotificationConfig>) => void] {
  const config = useSyncExternalStore(subscribe, read, read);
  const update = useCallback(
    (change: Partial<NotificationConfig>) => saveNotificationConfig({ ...read(), ...change }),
    [],
  );
  return [config, update];
}
