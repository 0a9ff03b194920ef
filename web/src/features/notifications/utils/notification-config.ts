/**
 * The locally stored notification config and its defaults, localStorage
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

const isBool = (v: unknown) => typeof v === 'boolean';
const inRange = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * The user's own choices: only the fields this browser stored, each only when valid. A field the user
 * never chose is absent, so the operator's default applies to it (effectiveNotificationConfig).
 */
export function parseNotificationChoices(raw: string | null): Partial<NotificationConfig> {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    /* a damaged value falls back to the defaults */
  }
  const valid: { [K in keyof NotificationConfig]: (v: unknown) => boolean } = {
    enabled: isBool,
    position: (v) => toastPositions.includes(v as ToastPosition),
    defaultAutoClose: isBool,
    defaultDuration: inRange(1000, 30000),
    maxVisible: inRange(1, 10),
    sound: isBool,
    animation: (v) => toastAnimations.includes(v as ToastAnimation),
  };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(valid) as (keyof NotificationConfig)[]) {
    if (valid[key](stored[key])) out[key] = stored[key];
  }
  return out as Partial<NotificationConfig>;
}

/** The operator's notification defaults (feature settings) that a user's own choice may override. */
export interface OperatorNotificationDefaults {
  /** notificationDuration, ms */
  duration: number;
}

/**
 * What applies: the product's defaults, then the operator's (notificationDuration), then what the
 * user chose in this browser. The operator's switches (notificationEnabled, notificationSound,
 * notificationAutoRead) are not defaults but ceilings, applied where they act.
 */
export function effectiveNotificationConfig(
  choices: Partial<NotificationConfig>,
  operator?: OperatorNotificationDefaults,
): NotificationConfig {
  return {
    ...defaultNotificationConfig,
    ...(operator ? { defaultDuration: operator.duration } : {}),
    ...choices,
  };
}
