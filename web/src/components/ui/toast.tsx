import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { AlertTone } from './alert';
import { Icon, type IconName } from './icon';
import styles from './toast.module.css';

/**
 * A tiny toast: short confirmations and errors that need no answer. (The notification feature's
 * richer toasts — actions, positions, progress — are its own component.)
 */
export interface ToastInput {
  tone?: AlertTone;
  title?: string;
  message: string;
  /** Milliseconds before it closes itself; errors stay longer by default. */
  durationMs?: number;
}

interface ToastItem extends Required<Pick<ToastInput, 'tone' | 'message'>> {
  id: number;
  title?: string;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

const toneIcon: Record<AlertTone, IconName> = {
  info: 'info',
  success: 'check-circle',
  warning: 'alert-triangle',
  error: 'alert-circle',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback(
    ({ tone = 'info', title, message, durationMs }: ToastInput) => {
      const id = nextId.current++;
      // Keep at most three on screen, so a burst of toasts does not cover the page.
      setToasts((list) => [...list.slice(-2), { id, tone, title, message }]);
      window.setTimeout(() => dismiss(id), durationMs ?? (tone === 'error' ? 10_000 : 5_000));
    },
    [dismiss],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={styles.region} aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`${styles.card} ${styles.toast} ${styles[toast.tone]}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <Icon name={toneIcon[toast.tone]} className={styles.icon} />
            <div className={styles.message}>
              {toast.title && <p className={styles.title}>{toast.title}</p>}
              <p>{toast.message}</p>
            </div>
            <button type="button" className={styles.close} onClick={() => dismiss(toast.id)} aria-label="알림 닫기">
              <Icon name="x" size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ tone: 'success', message: '저장되었습니다.' })` */
export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs <ToastProvider> above it');
  return show;
}
