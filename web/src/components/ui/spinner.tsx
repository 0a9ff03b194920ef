import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers; decorative spinners sit next to their own text. */
  label?: string;
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = '불러오는 중...', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
  return <span className={`${styles.spinner} ${styles[size]}`} role="status" aria-label={label} />;
}

/** A centred loading block for a page or a section; `fullScreen` for the app's first paint. */
export function LoadingBlock({
  label = '불러오는 중...',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <div className={`${styles.block} ${fullScreen ? styles.fullScreen : ''}`} role="status" aria-live="polite">
      <span className={`${styles.spinner} ${styles.lg}`} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
