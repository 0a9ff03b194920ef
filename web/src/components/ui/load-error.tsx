import { ApiError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import styles from './alert.module.css';

/**
 * Why a load failed, line by line: the server's own text (or the timeout / network text), each field
 * it named, and the code with the HTTP status, so the person can tell "no data" from "no answer"
 * and has something to pass on to support.
 */
function loadErrorDetails(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [error instanceof Error && error.message ? error.message : String(error)];
  const lines = [error.message];
  for (const issue of error.fieldIssues) lines.push(`${issue.label ?? issue.field}: ${issue.message}`);
  lines.push(error.status ? `오류 코드: ${error.code} (HTTP ${error.status})` : `오류 코드: ${error.code} (응답 없음)`);
  return lines;
}

/** A list that could not be loaded: what failed, its details, and a retry. Never an empty list's text. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <ul className={styles.details} data-testid="load-error-details">
        {loadErrorDetails(error).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {onRetry && (
        <Button size="sm" variant="secondary" className={styles.retry} onClick={onRetry}>
          다시 시도
        </Button>
      )}
    </Alert>
  );
}
