/** The API envelope every route answers in, shared by the server and the SPA's HTTP client. */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** The same Idempotency-Key came with another request (422, the Stripe rule). */
  | 'IDEMPOTENCY_MISMATCH'
  | 'INSUFFICIENT_BALANCE'
  /** The request body is over the limit (413). */
  | 'PAYLOAD_TOO_LARGE'
  | 'THROTTLED'
  /** maintenanceMode is on and the caller is an ordinary user writing (503). */
  | 'MAINTENANCE'
  /** A staff account that must have a second factor has none yet: it may only enrol (403). */
  | 'SECOND_FACTOR_ENROLMENT'
  /** The act needs a code proved in the last 15 minutes: POST /api/auth/second-factor/step-up, then again (403). */
  | 'STEP_UP_REQUIRED'
  | 'INTERNAL';

export const statusOfCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 422,
  INSUFFICIENT_BALANCE: 402,
  PAYLOAD_TOO_LARGE: 413,
  THROTTLED: 429,
  MAINTENANCE: 503,
  SECOND_FACTOR_ENROLMENT: 403,
  STEP_UP_REQUIRED: 403,
  INTERNAL: 500,
};

export interface FieldIssue {
  field: string;
  /** Korean label of the field, when known. */
  label?: string;
  message: string;
}

export interface ApiFailure {
  success: false;
  error: string;
  code: ErrorCode;
  details?: unknown;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface Paginated<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * The viewer's IP as CloudFront saw it, set on every /api request by the distribution's viewer-request
 * function (infra/stacks/web-stack.ts), which overwrites whatever a client sent under that name.
 */
export const VIEWER_IP_HEADER = 'x-simple-slot-viewer-ip';
