import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The button look for elements that are not buttons (router links styled as buttons). */
export function buttonClassName(
  { variant = 'primary', size = 'md', fullWidth = false }: ButtonLook = {},
  extra?: string,
) {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Disables the button and shows a spinner; `loadingText` replaces the label meanwhile. */
  loading?: boolean;
  loadingText?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" decorative />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
