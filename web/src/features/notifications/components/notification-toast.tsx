import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationAction } from '#shared/schemas/notifications';
import { Icon } from '@/components/ui/icon';
import type { NotificationConfig } from '../utils/notification-config';
import { typeIcon, typeTone } from '../utils/notification-display';
import { toastAutoCloses, toastDuration } from '../utils/toast-rules';
import type { ToastEntry } from '../utils/toast-queue';
import toastStyles from '@/components/ui/toast.module.css';
import actionStyles from './notification-actions.module.css';
import styles from './notification-toasts.module.css';

interface NotificationToastProps {
  entry: ToastEntry;
  config: NotificationConfig;
  onClose: (id: string) => void;
  onAction: (id: string, action: NotificationAction) => void;
}

/**
 * One toast: icon, title, message, actions, '알림 닫기', and a progress bar while it
 * closes itself. Hovering or focusing it pauses the countdown (WCAG 2.2.1: time limits adjustable).
 */
export function NotificationToast({ entry, config, onClose, onAction }: NotificationToastProps) {
  const n = entry.notification;
  const autoClose = toastAutoCloses(n, config);
  const duration = toastDuration(n, config);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);
  const exiting = entry.phase === 'exiting';
  const titleId = useId();

  useEffect(() => {
    if (!autoClose || paused || exiting) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onClose(n.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [autoClose, paused, exiting, n.id, onClose]);

  const high = n.priority === 'high';
  const tone = typeTone(n.type);
  const className = [
    toastStyles.card,
    styles.toast,
    toastStyles[tone],
    styles[`enter-${config.animation}`],
    exiting && styles[`exit-${config.animation}`],
    high && styles.high,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={className}
      role={n.type === 'error' || high ? 'alert' : 'status'}
      aria-labelledby={titleId}
      data-notification-id={n.id}
      data-priority={n.priority}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className={styles.icon} aria-hidden="true">
        {n.icon && n.icon.length <= 4 ? n.icon : <Icon name={typeIcon(n.type)} size={20} />}
      </span>
      <div className={styles.body}>
        <p id={titleId} className={styles.title}>
          {n.title}
        </p>
        <p className={styles.message}>{n.message}</p>
        {!!n.actions?.length && (
          <div className={styles.actions}>
            {n.actions.map((action) => (
              <button
                key={`${action.label}-${action.action}`}
                type="button"
                className={`${styles.action} ${actionStyles[`action-${action.style}`]}`}
                onClick={() => onAction(n.id, action)}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        className={`${toastStyles.close} ${styles.close}`}
        onClick={() => onClose(n.id)}
        aria-label="알림 닫기"
      >
        <Icon name="x" size={16} />
      </button>
      {autoClose && (
        <span
          className={styles.progress}
          data-testid="toast-progress"
          aria-hidden="true"
          style={{ animationDuration: `${duration}ms`, animationPlayState: paused || exiting ? 'paused' : 'running' }}
        />
      )}
    </div>
  );
}
