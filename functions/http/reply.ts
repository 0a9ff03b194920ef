import type { ErrorCode } from '#shared/api';

/** What a reply with a status of 400 or more says in the error envelope. */
export interface ReplyError {
  code: ErrorCode;
  /** Korean, shown to people. */
  message: string;
}

/** An op's answer with a status other than 200, or with cookies/headers to set. */
export class HttpReply<T = unknown> {
  constructor(
    readonly data: T,
    readonly status = 200,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
    readonly error?: ReplyError,
  ) {}
}

/**
 * Data with a status other than 200, or cookies/headers to set. A status of 400 or more answers the
 * error envelope: `error` and `code` from `opts.error`, the data as `details` (for answers whose
 * status no ErrorCode maps to, such as the health check's 503).
 */
export const reply = <T>(
  data: T,
  opts: { status?: number; cookies?: string[]; headers?: Record<string, string>; error?: ReplyError } = {},
) => new HttpReply<T>(data, opts.status, opts.cookies, opts.headers, opts.error);
