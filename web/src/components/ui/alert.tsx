import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const toneIcon: Record<AlertTone, IconName> = {
  error: 'alert-circle',
  success: 'check-circle',
  warning: 'alert-triangle',
  info: 'info',
};

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  /** Shows a close button (labelled for screen readers). */
  onDismiss?: () => void;
  className?: string;
}

/** An inline message box. Errors and warnings are announced at once (role alert). */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
      role={urgent ? 'alert' : 'status'}
    >
      <Icon name={toneIcon[tone]} className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <div>{children}</div>
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="닫기">
          <Icon name="x" size={16} />
        </button>
      )}
    </div>
  );
}

/** The red box around server errors, so they stand out from the form; renders nothing without a message. */
export function ErrorBox({ message, onDismiss }: { message: string | null | undefined; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <Alert tone="error" onDismiss={onDismiss}>
      {message}
    </Alert>
  );
}
