import { formatNumber } from '@/lib/format';
import type { BulkResult } from '@/features/slot-bulk/hooks/use-bulk-submit';
import styles from './bulk-registration-page.module.css';

/** What a bulk request did: counts and the failed rows' lines. */
export function BulkResultPanel({ result }: { result: BulkResult }) {
  return (
    <section className={`${styles.result} ${styles[result.tone]}`} aria-live="polite" data-testid="bulk-result">
      <h2 className={styles.resultTitle}>{result.title}</h2>
      <div className={styles.resultCounts}>
        <span>
          성공 <strong className={styles.ok}>{formatNumber(result.succeeded)}</strong>개
        </span>
        <span>
          실패 <strong className={styles.fail}>{formatNumber(result.failed)}</strong>개
        </span>
      </div>
      {result.lines.length > 0 && (
        <ul className={styles.lines}>
          {result.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {result.note && <p className={styles.resultNote}>{result.note}</p>}
    </section>
  );
}
