import { ApiError } from '@/lib/api-client';

/**
 * A failed save reads two ways: the server refused it ('…에 실패했습니다.', or the server's
 * own text when it sent one) or something unexpected happened ('… 중 오류가 발생했습니다.'). A 4xx
 * answer is a refusal; no answer (network, timeout), a 5xx or a thrown bug is unexpected.
 */
export type Failure = { kind: 'refused'; serverText: string | null } | { kind: 'unexpected' };

export function classifyFailure(error: unknown): Failure {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { kind: 'refused', serverText: error.fromServer && error.message ? error.message : null };
  }
  return { kind: 'unexpected' };
}

/** The refusal's server text or `refused`; `unexpected` for anything else. */
export function failureText(error: unknown, texts: { refused: string; unexpected: string }): string {
  const failure = classifyFailure(error);
  return failure.kind === 'refused' ? (failure.serverText ?? texts.refused) : texts.unexpected;
}
