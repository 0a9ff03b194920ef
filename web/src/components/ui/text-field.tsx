import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: string;
  error?: string;
  /** Marks the label with * (the input's own `required` is left to the form's validation). */
  requiredMark?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Label + input + hint/error, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField({ label, hint, error, requiredMark, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {/* The * sits outside the <label> so the field's accessible name stays just the label. */}
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        {requiredMark && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </div>
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        aria-required={requiredMark || undefined}
        {...input}
      />
      {message && (
        <p id={messageId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
