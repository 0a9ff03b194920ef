/**
 * The locally stored notification config (advertiser §3, §9 defaults), localStorage
 * `notificationConfig`. A personal display preference: it never reaches the server.
 */
export const toastPositions = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type ToastPosition = (typeof toastPositions)[number];
export const toastAnimations = ['slide', 'fade', 'bounce'] as const;
export type ToastAnimation = (typeof toastAnimations)[number];

export interface NotificationConfig {
  /** Toasts (and their sound) on or off; the bell and the list stay. */
  enabled: boolean;
  position: ToastPosition;
  defaultAutoClose: boolean;
  /** ms */
  defaultDuration: number;
  maxVisible: number;
  sound: boolean;
  animation: ToastAnimation;
}

export const NOTIFICATION_CONFIG_KEY = 'notificationConfig';

export const defaultNotificationConfig: NotificationConfig = {
  enabled: true,
  position: 'top-right',
  defaultAutoClose: true,
  defaultDuration: 5000,
  maxVisible: 3,
  sound: true,
  animation: 'slide',
};

export const positionLabels: Record<ToastPosition, string> = {
  'top-left': '왼쪽 위',
  'top-center': '가운데 위',
  'top-right': '오른쪽 위',
  'bottom-left': '왼쪽 아래',
  'bottom-center': '가운데 아래',
  'bottom-right': '오른쪽 아래',
};

export const animationLabels: Record<ToastAnimation, string> = { slide: '슬라이드', fade: '페이드', bounce: '바운스' };

const pick = <T>(value: unknown, valid: (v: unknown) => boolean, fallback: T): T =>
  valid(value) ? (value as T) : fallback;
const isBool = (v: unknown) => typeof v === 'boolean';
const inRange = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Reads whatever is stored, keeping each valid field and the default for the rest. */
export function parseNotificationConfig(raw: string | null): NotificationConfig {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    /* a damaged value falls back to the defaults */
  }
  const d = defaultNotificationConfig;
  return {
    enabled: pick(stored.enabled, isBool, d.enabled),
    position: pick(stored.position, (v) => toastPositions.includes(v as ToastPosition), d.position),
    defaultAutoClose: pick(stored.defaultAutoClose, isBool, d.defaultAutoClose),
    defaultDuration: pick(stored.defaultDuration, inRange(1000, 30000), d.defaultDuration),
    maxVisible: pick(stored.maxVisible, inRange(1, 10), d.maxVisible),
    sound: pick(stored.sound, isBool, d.sound),
    animation: pick(stored.animation, (v) => toastAnimations.includes(v as ToastAnimation), d.animation),
  };
}
