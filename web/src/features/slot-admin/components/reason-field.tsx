import { useId } from 'react';
import styles from './admin-slots.module.css';

/** A required reason (reject, refund): label, textarea and its error, wired for screen readers. */
export function ReasonField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label} *</label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-autofocus
      />
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
